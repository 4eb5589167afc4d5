/**
 * Delivery status per lock (issue 10 §4, contract D): what each lock must learn at its next Bluetooth unlock, and
 * what it confirmed. lock/inLockList compares the state the lock must hold now (services/lock-state.ts, the same
 * function the device API hands to the lock) with the state it confirmed at its last finished sync
 * (lock_devices.confirmed_state); lock/cardDelivery follows one card through the locks that must learn it
 * (card_lock_sync). Choices where the contract is silent:
 * - an item the lock must hold is `waiting` while the confirmed state lacks it or holds it with other values (a
 *   renewed stay moves a face's end), `confirmed` once it holds it as it is now; an item the lock holds but must
 *   drop (a withdrawn password, a universal card deleted) is `remove`/`waiting` until a sync confirms a state
 *   without it, then it leaves the list (the lock holds nothing of it any more);
 * - a refused card whose validity has ended leaves the state (the lock refuses it anyway), so it is not listed;
 * - the room's valid guest cards are listed as `issued` under their own kind `card`: what the lock learns from
 *   them (their issue sequence, their period) it reads from the card itself when it is held to it;
 * - each item carries its words apart from its identifying text (`subject`: a card number, a password id, a face
 *   or finger id with its note) and its guest (`guest`), so the console writes the item in the operator's
 *   language; `label` stays the English text for API users;
 * - `confirmed_at` is when the sync whose state the lock confirmed finished.
 */
import { CARD_TYPE, type CardTypeName, type Delivery, lockDeliveryCalls } from '@lockdesk/protocol';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { defineCall } from '../call.js';
import type { LockStateJson } from '../db/schema.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { lockState } from '../services/lock-state.js';
import { callerScope, inScope } from '../shared/room-views.js';

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

export function lockDeliveryRoutes(app: FastifyInstance): void {
  defineCall(app, lockDeliveryCalls.inLockList, {
    handler: async (ctx, body) => {
      const room = await ctx.requireRoom(body.room_id, 'room.view');
      const now = ctx.now();
      const db = ctx.db;
      const [desired, device, syncs] = await Promise.all([
        lockState(db, room.hotel_id, room.id, now),
        db
          .selectFrom('lock_devices as ld')
          .leftJoin('lock_syncs as ls', 'ls.id', 'ld.confirmed_sync_id')
          .select(['ld.confirmed_state', 'ld.last_sync_at', 'ls.finished_at as confirmed_sync_finished_at'])
          .where('ld.room_id', '=', room.id)
          .executeTakeFirst(),
        db
          .selectFrom('lock_syncs')
          .select(['id', 'started_at', 'finished_at', 'operator', 'records_stored', 'records_duplicate'])
          .where('room_id', '=', room.id)
          .orderBy('started_at', 'desc')
          .orderBy('id', 'desc')
          .limit(SYNCS_SHOWN)
          .execute(),
      ]);
      const held: Partial<LockStateJson> = device?.confirmed_state ?? {};
      const confirmedAt = seconds(device?.confirmed_sync_finished_at ?? device?.last_sync_at);
      const heldDeleted = new Set(held.deleted_cards ?? []);
      const heldUniversal = new Set(held.universal_cards ?? []);
      const droppedUniversal = [...heldUniversal].filter((n) => !desired.universal_cards.includes(n));
      const cardNumbers = [...desired.deleted_cards, ...desired.universal_cards, ...droppedUniversal].map(
        String,
      );

      // What the labels and times are read from, each in one query for the whole lock.
      const passwordIds = [...desired.passwords, ...(held.passwords ?? [])].map((p) => p.id);
      const faceIds = [...desired.faces, ...(held.faces ?? [])].map((x) => x.id);
      const fingerIds = [...desired.fingerprints, ...(held.fingerprints ?? [])].map((x) => x.id);
      const sequenceTypes = Object.keys(desired.sequences)
        .map((name) => CARD_TYPE[name as keyof typeof CARD_TYPE])
        .filter((code) => code !== undefined);
      const none = Promise.resolve([]);
      const [cards, sequenceCards, guestCards, passwords, faces, fingers] = await Promise.all([
        cardNumbers.length === 0
          ? none
          : db
              .selectFrom('cards as c')
              .leftJoin('card_lock_sync as l', (join) =>
                join.onRef('l.card_id', '=', 'c.id').on('l.room_id', '=', room.id),
              )
              .leftJoin('stays as s', 's.id', 'c.stay_id')
              .select([
                'c.id',
                'c.card_number',
                'c.type',
                'c.issued_at',
                'c.created_at',
                'c.withdrawn_at',
                'c.deleted_at',
                'c.updated_at',
                'l.action',
                'l.created_at as sync_created_at',
                's.nickname',
                's.mobile',
              ])
              .where('c.hotel_id', '=', room.hotel_id)
              // The state carries numbers; a stored number may have been written with leading zeros.
              .where(sql<string>`ltrim(c.card_number, '0')`, 'in', cardNumbers)
              .orderBy('c.id', 'desc')
              .orderBy('l.id', 'desc')
              .execute(),
        sequenceTypes.length === 0
          ? none
          : db
              .selectFrom('cards as c')
              .leftJoin('stays as s', 's.id', 'c.stay_id')
              .select([
                'c.id',
                'c.type',
                'c.sequence',
                'c.card_number',
                'c.issued_at',
                's.nickname',
                's.mobile',
              ])
              .where('c.hotel_id', '=', room.hotel_id)
              .where('c.unsubscribe_old', '=', true)
              .where('c.issued_at', 'is not', null)
              .where('c.type', 'in', sequenceTypes)
              .where(
                'c.sequence',
                'in',
                Object.values(desired.sequences).map((n) => Number(n)),
              )
              .orderBy('c.id', 'desc')
              .execute(),
        db
          .selectFrom('cards as c')
          .leftJoin('stays as s', 's.id', 'c.stay_id')
          .select(['c.id', 'c.card_number', 'c.issued_at', 'c.created_at', 's.nickname', 's.mobile'])
          .where('c.hotel_id', '=', room.hotel_id)
          .where('c.type', '=', CARD_TYPE.normal)
          .where('c.room_id', '=', room.id)
          .where('c.status', '=', 'issued')
          .where('c.superseded_by', 'is', null)
          .where('c.end_time', '>', now)
          .where((eb) => eb.or([eb('c.stay_id', 'is', null), eb('s.status', 'in', ['active', 'reserved'])]))
          .orderBy('c.id')
          .execute(),
        passwordIds.length === 0
          ? none
          : db
              .selectFrom('lock_passwords as p')
              .leftJoin('stays as s', 's.id', 'p.stay_id')
              .select([
                'p.id',
                'p.created_at',
                'p.revoked_at',
                'p.deleted_at',
                'p.end_time',
                's.checked_out_at',
                's.nickname',
                's.mobile',
              ])
              .where('p.id', 'in', passwordIds)
              .where('p.hotel_id', '=', room.hotel_id)
              .execute(),
        faceIds.length === 0
          ? none
          : db
              .selectFrom('faces as fc')
              .leftJoin('stays as s', 's.id', 'fc.stay_id')
              .select([
                'fc.id',
                'fc.face_id',
                'fc.note',
                'fc.lock_note',
                'fc.updated_at',
                's.nickname',
                's.mobile',
              ])
              .where('fc.id', 'in', faceIds)
              .where('fc.hotel_id', '=', room.hotel_id)
              .execute(),
        fingerIds.length === 0
          ? none
          : db
              .selectFrom('fingerprints as fp')
              .leftJoin('fingerprint_deliveries as d', (join) =>
                join.onRef('d.fingerprint_id', '=', 'fp.id').on('d.room_id', '=', room.id),
              )
              .leftJoin('stays as s', 's.id', 'fp.stay_id')
              .select([
                'fp.id',
                'fp.finger_id',
                'fp.note',
                'fp.updated_at',
                'd.updated_at as sent_at',
                's.nickname',
                's.mobile',
              ])
              .where('fp.id', 'in', fingerIds)
              .where('fp.hotel_id', '=', room.hotel_id)
              .orderBy('d.id', 'desc')
              .execute(),
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
        const card = firstWith(
          sequenceCards,
          (c) => c.type === code && Number(c.sequence) === Number(sequence),
        );
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
    },
  });

  defineCall(app, lockDeliveryCalls.cardDelivery, {
    handler: async (ctx, body) => {
      const { hotelId, scope } = callerScope(ctx);
      const card = await ctx.db
        .selectFrom('cards')
        .select(['id', 'card_number', 'room_id'])
        .where('id', '=', body.card_id)
        .where('hotel_id', '=', hotelId)
        .executeTakeFirst();
      if (!card) throw failure('NOT_FOUND');
      // A card of one room is that room's; a hotel-wide card shows the caller the locks of their rooms.
      if (card.room_id !== null) await ctx.requireRoom(card.room_id, 'room.view');
      const rows = await ctx.db
        .selectFrom('card_lock_sync as l')
        .innerJoin('rooms as r', 'r.id', 'l.room_id')
        .leftJoin('lock_devices as ld', 'ld.room_id', 'l.room_id')
        .select([
          'l.room_id',
          'r.name as room_name',
          'l.action',
          'l.created_at',
          'l.synced_at',
          'ld.last_sync_at',
        ])
        .where('l.card_id', '=', card.id)
        .where('l.hotel_id', '=', hotelId)
        .where(inScope(scope, hotelId))
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id', 'desc')
        .execute();
      if (rows.length === 0 && scope.kind !== 'all' && card.room_id === null) {
        const anywhere = await ctx.db
          .selectFrom('card_lock_sync')
          .select('id')
          .where('card_id', '=', card.id)
          .limit(1)
          .executeTakeFirst();
        if (anywhere) throw failure('PERMISSION_DENIED');
      }
      return {
        card_id: card.id,
        card_number: card.card_number,
        list: rows.map((r) => ({
          room_id: r.room_id,
          room_name: r.room_name,
          action: r.action,
          state: r.synced_at ? ('confirmed' as const) : ('waiting' as const),
          changed_at: seconds(r.created_at),
          confirmed_at: seconds(r.synced_at),
          last_sync_at: seconds(r.last_sync_at),
        })),
      };
    },
  });
}
