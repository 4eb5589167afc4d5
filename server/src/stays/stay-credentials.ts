/**
 * What a stay's closing does to the credentials of that stay (issue 19 §1): a check-out (also before the estimated
 * time), a cancelled reservation, the old stay of a move, and a stay closed because its time ran out all withdraw,
 * in the transaction that closes the stay,
 * - its key cards still issued (or planned): 'withdrawn', with a 'delete' queued for every lock the card opens
 *   (card-issue.ts queueLockSync, the path of a card withdrawn or deleted by hand), so each lock learns to refuse
 *   the number at its next Bluetooth unlock and lock/inLockList shows it waiting until then; a card already
 *   withdrawn or deleted is left as it is and its 'delete' is not queued again;
 * - its faces: 'withdrawn' (the record and its image stay until someone deletes it), their grants to other rooms
 *   revoked; the lock state no longer holds them, so each lock that confirmed one shows it to remove until it syncs;
 * - its fingerprints: 'withdrawn', their deliveries withdrawn as fingerprint/delSendData does (a pending one never
 *   reached the lock and is deleted at once, a delivered one is 'deleting' until the lock's next sync confirms).
 * PIN passwords already end with their stay (services/lock-state.ts) and are not touched here.
 */
import type { UserContext } from '../call.js';
import { queueLockSync, roomsOpenedBy } from '../cards/repository/key-cards.js';
import { withdrawDeliveries } from '../credentials/repository/fingerprints.js';
import type { Db } from '../db/index.js';
import {
  revokeFaceGrants,
  withdrawStayCards,
  withdrawStayFaces,
  withdrawStayFingerprints,
} from './repository/credentials.js';

/** Why a stay's credentials were withdrawn, as the operation log says it. */
export type ClosingReason = 'checked out' | 'cancelled' | 'moved' | 'expired';

/** What a closing withdrew: card numbers, face ids and finger ids, and the rooms whose locks must learn it. */
export interface Withdrawn {
  cards: string[];
  faces: string[];
  fingerprints: string[];
  roomIds: number[];
}

/** Withdraws every credential of stay `stayId` (of hotel `hotelId`) that still holds; `db` is the closing's transaction. */
export async function withdrawStayCredentials(
  db: Db,
  stay: { id: number; hotel_id: number; room_id: number },
  now: Date,
): Promise<Withdrawn> {
  const rooms = new Set<number>();
  const cards = await withdrawStayCards(db, stay, now);
  for (const card of cards.sort((a, b) => a.id - b.id)) {
    const roomIds = await roomsOpenedBy(db, card);
    await queueLockSync(db, card, roomIds, 'delete', now);
    for (const id of roomIds) rooms.add(id);
  }

  const faces = await withdrawStayFaces(db, stay, now);
  if (faces.length > 0) {
    const revoked = await revokeFaceGrants(
      db,
      faces.map((fc) => fc.id),
      now,
    );
    for (const g of revoked) rooms.add(g.room_id);
    for (const fc of faces) if (fc.room_id !== null) rooms.add(fc.room_id);
  }

  const fingerprints = await withdrawStayFingerprints(db, stay, now);
  for (const fp of fingerprints) {
    for (const id of await withdrawDeliveries(db, { fingerprintId: fp.id }, now)) rooms.add(id);
    if (fp.room_id !== null) rooms.add(fp.room_id);
  }

  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  if (cards.length + faces.length + fingerprints.length > 0) rooms.add(stay.room_id);
  return {
    cards: byId(cards).map((c) => c.card_number),
    faces: byId(faces).map((fc) => fc.face_id),
    fingerprints: byId(fingerprints).map((fp) => fp.finger_id),
    roomIds: [...rooms].sort((a, b) => a - b),
  };
}

/** At most this many numbers or ids of one kind are named in a log line (it holds 500 characters). */
const NAMED_MAX = 10;

function named(kind: string, values: string[]): string {
  const shown = values.slice(0, NAMED_MAX).join(', ');
  const more = values.length > NAMED_MAX ? ` and ${values.length - NAMED_MAX} more` : '';
  return `${kind} ${shown}${more}`;
}

/**
 * The operation log's words for a withdrawal: '; withdrawn (stay checked out): cards 1001, 1002; face F1 — the
 * locks refuse them after their next sync', or '' when nothing was withdrawn.
 */
export function withdrawnText(w: Withdrawn, reason: ClosingReason): string {
  const parts: string[] = [];
  if (w.cards.length > 0) parts.push(named(w.cards.length === 1 ? 'card' : 'cards', w.cards));
  if (w.faces.length > 0) parts.push(named(w.faces.length === 1 ? 'face' : 'faces', w.faces));
  if (w.fingerprints.length > 0)
    parts.push(named(w.fingerprints.length === 1 ? 'fingerprint' : 'fingerprints', w.fingerprints));
  if (parts.length === 0) return '';
  return `; withdrawn (stay ${reason}): ${parts.join('; ')}, refused by the locks after their next sync`;
}

/** Records on the call's operation-log entry the rooms whose locks must learn a withdrawal. */
export function touchWithdrawn(ctx: UserContext, withdrawn: Withdrawn[]): void {
  ctx.touchRooms(withdrawn.flatMap((w) => w.roomIds));
}
