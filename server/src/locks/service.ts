/**
 * The locks' rules that span several statements: what a lock must learn against what it confirmed (lock/inLockList,
 * the comparison lock-deliveries.ts describes), and a firmware file recorded from an upload (lock/addFirmwares).
 */
import { createHash } from 'node:crypto';
import {
  type BodyOf,
  CARD_TYPE,
  type CardTypeName,
  type Delivery,
  type firmwareCalls,
  type LockDeliveries,
} from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import { type Db, isConstraintViolation, violatedConstraint } from '../db/index.js';
import type { Firmware, LockStateJson, Room } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { lockState } from '../services/lock-state.js';
import { fileUrl } from '../services/storage.js';
import { callerScope, requireRooms } from '../shared/room-views.js';
import { findUpload } from '../shared/uploads.js';
import {
  cardsByNumber,
  cardsOfSequences,
  facesById,
  fingerprintsById,
  latestSyncsOfRoom,
  lockDeviceOfRoom,
  passwordsById,
  validGuestCardsOfRoom,
} from './repository/deliveries.js';
import { insertFirmware } from './repository/firmware.js';

/** The last syncs answered per lock. */
const SYNCS_SHOWN = 10;

const seconds = (d: Date | null | undefined): number => epochSeconds(d) ?? 0;

/** Same values, whatever the key order (a state read back from jsonb may order keys differently). */
function sameItem(a: object, b: object): boolean {
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(ra), ...Object.keys(rb)]);
  for (const k of keys) if (JSON.stringify(ra[k]) !== JSON.stringify(rb[k])) return false;
  return true;
}

/** A guest's name in a label: ' (Li Wei)', or nothing. */
const whose = (name: string): string => (name ? ` (${name})` : '');

/** Who an item belongs to: the guest's name, else the mobile, else ''. */
const guestOf = (row: { nickname?: string | null; mobile?: string | null } | undefined): string =>
  row?.nickname || row?.mobile || '';

/**
 * What a room's lock must learn at its next Bluetooth unlock and what it confirmed: the state it must hold now
 * (services/lock-state.ts) item by item against the state it confirmed at its last finished sync, each item with its
 * words; the waiting ones first. Also the lock's last syncs.
 */
export async function lockDeliveries(db: Db, room: Room, now: Date): Promise<LockDeliveries> {
  const [desired, device, syncs] = await Promise.all([
    lockState(db, room.hotel_id, room.id, now),
    lockDeviceOfRoom(db, room.id),
    latestSyncsOfRoom(db, room.id, SYNCS_SHOWN),
  ]);
  const held: Partial<LockStateJson> = device?.confirmed_state ?? {};
  const confirmedAt = seconds(device?.confirmed_sync_finished_at ?? device?.last_sync_at);
  const heldDeleted = new Set(held.deleted_cards ?? []);
  const heldUniversal = new Set(held.universal_cards ?? []);
  const droppedUniversal = [...heldUniversal].filter((n) => !desired.universal_cards.includes(n));
  const cardNumbers = [...desired.deleted_cards, ...desired.universal_cards, ...droppedUniversal].map(String);

  // What the labels and times are read from, each in one query for the whole lock.
  const passwordIds = [...desired.passwords, ...(held.passwords ?? [])].map((p) => p.id);
  const faceIds = [...desired.faces, ...(held.faces ?? [])].map((x) => x.id);
  const fingerIds = [...desired.fingerprints, ...(held.fingerprints ?? [])].map((x) => x.id);
  const sequenceTypes = Object.keys(desired.sequences)
    .map((name) => CARD_TYPE[name as keyof typeof CARD_TYPE])
    .filter((code) => code !== undefined);
  const [cards, sequenceCards, guestCards, passwords, faces, fingers] = await Promise.all([
    cardsByNumber(db, room.hotel_id, room.id, cardNumbers),
    cardsOfSequences(
      db,
      room.hotel_id,
      sequenceTypes,
      Object.values(desired.sequences).map((n) => Number(n)),
    ),
    validGuestCardsOfRoom(db, room.hotel_id, room.id, now),
    passwordsById(db, room.hotel_id, passwordIds),
    facesById(db, room.hotel_id, faceIds),
    fingerprintsById(db, room.hotel_id, room.id, fingerIds),
  ]);

  const list: Delivery[] = [];
  const item = (d: Omit<Delivery, 'confirmed_at'>) =>
    list.push({ ...d, confirmed_at: d.state === 'confirmed' ? confirmedAt : 0 });
  const firstWith = <T>(rows: T[], test: (r: T) => boolean): T | undefined => rows.find(test);

  // Refused cards: the lock learns each number; the newest card of that number with a delete for this lock.
  for (const n of desired.deleted_cards) {
    const card =
      firstWith(cards, (c) => Number(c.card_number) === n && c.action === 'delete') ??
      firstWith(cards, (c) => Number(c.card_number) === n);
    item({
      kind: 'card_delete',
      action: 'add',
      ref_id: card?.id ?? null,
      label: card?.card_number ?? String(n),
      subject: card?.card_number ?? String(n),
      guest: guestOf(card),
      state: heldDeleted.has(n) ? 'confirmed' : 'waiting',
      changed_at: seconds(
        card?.sync_created_at ?? card?.withdrawn_at ?? card?.deleted_at ?? card?.updated_at,
      ),
    });
  }
  const universal = (n: number) =>
    firstWith(cards, (c) => Number(c.card_number) === n && c.type === CARD_TYPE.universal);
  for (const n of desired.universal_cards) {
    const card = universal(n);
    item({
      kind: 'universal_card',
      action: 'add',
      ref_id: card?.id ?? null,
      label: card?.card_number ?? String(n),
      subject: card?.card_number ?? String(n),
      guest: '',
      state: heldUniversal.has(n) ? 'confirmed' : 'waiting',
      changed_at: seconds(card?.sync_created_at ?? card?.issued_at ?? card?.created_at),
    });
  }
  for (const n of droppedUniversal) {
    const card = universal(n);
    item({
      kind: 'universal_card',
      action: 'remove',
      ref_id: card?.id ?? null,
      label: card?.card_number ?? String(n),
      subject: card?.card_number ?? String(n),
      guest: '',
      state: 'waiting',
      changed_at: seconds(card?.deleted_at ?? card?.withdrawn_at ?? card?.updated_at),
    });
  }
  // Unsubscribe sequences, per card type: the card that raised it.
  for (const [name, sequence] of Object.entries(desired.sequences)) {
    const code = CARD_TYPE[name as keyof typeof CARD_TYPE];
    const card = firstWith(sequenceCards, (c) => c.type === code && Number(c.sequence) === Number(sequence));
    item({
      kind: 'sequence',
      action: 'add',
      ref_id: card?.id ?? null,
      label: `${name} #${sequence}${card ? ` (card ${card.card_number})` : ''}`,
      subject: card?.card_number ?? '',
      guest: guestOf(card),
      card_type: name as CardTypeName,
      sequence: Number(sequence),
      state: held.sequences?.[name] === sequence ? 'confirmed' : 'waiting',
      changed_at: seconds(card?.issued_at),
    });
  }
  // The room's valid guest cards: the lock reads what it needs from the card itself.
  for (const card of guestCards) {
    item({
      kind: 'card',
      action: 'add',
      ref_id: card.id,
      label: `Guest card ${card.card_number}${whose(guestOf(card))}`,
      subject: card.card_number,
      guest: guestOf(card),
      state: 'issued',
      changed_at: seconds(card.issued_at ?? card.created_at),
    });
  }
  // Passwords, faces and fingerprints: held as they are now, to learn, or to drop.
  const compare = <T extends { id: number }>(
    kind: 'password' | 'face' | 'fingerprint',
    want: T[],
    have: T[] | undefined,
    describe: (
      id: number,
      removed: boolean,
    ) => { label: string; subject: string; guest: string; changedAt: Date | null | undefined },
  ) => {
    const heldById = new Map((have ?? []).map((x) => [x.id, x]));
    const wanted = new Set(want.map((x) => x.id));
    for (const x of want) {
      const h = heldById.get(x.id);
      const { changedAt, ...text } = describe(x.id, false);
      item({
        kind,
        action: 'add',
        ref_id: x.id,
        ...text,
        state: h && sameItem(h, x) ? 'confirmed' : 'waiting',
        changed_at: seconds(changedAt),
      });
    }
    for (const x of have ?? []) {
      if (wanted.has(x.id)) continue;
      const { changedAt, ...text } = describe(x.id, true);
      item({
        kind,
        action: 'remove',
        ref_id: x.id,
        ...text,
        state: 'waiting',
        changed_at: seconds(changedAt),
      });
    }
  };
  compare('password', desired.passwords, held.passwords, (id, removed) => {
    const p = firstWith(passwords, (r) => r.id === id);
    const ended = p && p.end_time <= now ? p.end_time : null;
    const guest = guestOf(p);
    return {
      label: `Password #${id}${whose(guest)}`,
      subject: String(id),
      guest,
      changedAt: removed
        ? (p?.deleted_at ?? p?.revoked_at ?? ended ?? p?.checked_out_at ?? p?.created_at)
        : p?.created_at,
    };
  });
  compare('face', desired.faces, held.faces, (id) => {
    const fc = firstWith(faces, (r) => r.id === id);
    const note = fc?.lock_note || fc?.note;
    const subject = `${fc?.face_id ?? id}${note ? ` ${note}` : ''}`;
    const guest = guestOf(fc);
    return {
      label: `Face ${subject}${whose(guest)}`,
      subject,
      guest,
      changedAt: fc?.updated_at,
    };
  });
  compare('fingerprint', desired.fingerprints, held.fingerprints, (id) => {
    const fp = firstWith(fingers, (r) => r.id === id);
    const subject = `${fp?.finger_id ?? id}${fp?.note ? ` ${fp.note}` : ''}`;
    const guest = guestOf(fp);
    return {
      label: `Fingerprint ${subject}${whose(guest)}`,
      subject,
      guest,
      changedAt: fp?.sent_at ?? fp?.updated_at,
    };
  });

  // What waits first, then the rest; each group as built (by kind).
  const order = { waiting: 0, issued: 1, confirmed: 2 } as const;
  list.sort((a, b) => order[a.state] - order[b.state]);
  return {
    room_id: room.id,
    mac_id: room.mac_id,
    installed: device !== undefined,
    last_sync_at: seconds(device?.last_sync_at),
    waiting: list.filter((d) => d.state === 'waiting').length,
    list,
    syncs: syncs.map((s) => ({
      id: s.id,
      started_at: seconds(s.started_at),
      finished_at: seconds(s.finished_at),
      operator: s.operator,
      records_stored: s.records_stored,
      records_duplicate: s.records_duplicate,
    })),
  };
}

/** The file name endings accepted, by the type the upload sniffed. */
const EXTENSION_OF: Record<string, string> = {
  'application/zip': '.zip',
  'application/octet-stream': '.bin',
};

async function sha256Of(ctx: UserContext, key: string): Promise<string> {
  const file = await ctx.app.storage.get(key);
  if (!file) throw failure('UPLOAD_FILE_INVALID', { field: 'file' });
  const hash = createHash('sha256');
  for await (const chunk of file.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Records a firmware file uploaded for the caller's hotel (the choices firmware.ts lists): its type and name ending
 * checked, its rooms in the caller's scope (a room-limited account must choose rooms), its SHA-256 computed from the
 * stored bytes. FIRMWARE_VERSION_EXISTS for a second (model, version); UPLOAD_FILE_INVALID for an upload already used.
 */
export async function addFirmware(
  ctx: UserContext,
  body: BodyOf<typeof firmwareCalls.addFirmwares>,
): Promise<Firmware> {
  const { hotelId, scope } = callerScope(ctx);
  const upload = await findUpload(ctx.db, hotelId, body.file, 'firmware');
  if (!upload) throw failure('UPLOAD_FILE_INVALID', { field: 'file' });
  const extension = EXTENSION_OF[upload.content_type];
  if (extension === undefined || !body.file_name.trim().toLowerCase().endsWith(extension))
    throw failure('FILE_TYPE_NOT_ALLOWED', { types: 'BIN, ZIP' });
  const roomIds = [...new Set((body.room_ids ?? []) as number[])].sort((a, b) => a - b);
  if (roomIds.length === 0 && scope.kind !== 'all') throw failure('FIELD_REQUIRED', { field: 'room_ids' });
  if (roomIds.length > 0) await requireRooms(ctx, roomIds, 'firmware.manage');
  const sha256 = await sha256Of(ctx, upload.key);
  try {
    return await insertFirmware(ctx.db, {
      hotel_id: hotelId,
      name: body.name.trim(),
      version: body.version.trim(),
      model: (body.model ?? '').trim(),
      note: body.note ?? '',
      url: fileUrl(upload.key),
      upload_key: upload.key,
      file_name: body.file_name.trim(),
      size: upload.size,
      sha256,
      room_ids: roomIds,
      created_by: ctx.user.id,
      created_at: ctx.now(),
    });
  } catch (e) {
    if (isConstraintViolation(e, 'unique')) {
      if (violatedConstraint(e) === 'firmwares_upload')
        throw failure('UPLOAD_FILE_INVALID', { field: 'file' });
      throw failure('FIRMWARE_VERSION_EXISTS');
    }
    throw e;
  }
}
