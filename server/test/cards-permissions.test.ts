/**
 * Every card call (API.md §8) tried as every role (spec §6), each on the room that role is tested against — the
 * same columns as permissions.test.ts. A refused role gets PERMISSION_DENIED or NOT_FOUND (or, for a card or a
 * setting of a hotel that is not the caller's, the code the row names) and changes nothing.
 */
import {
  bytesToHex,
  CARD_TYPE,
  type ErrorCode,
  encodeGuestCard,
  sectorTrailer,
  signCardBlocks,
  TRANSPORT_TRAILER,
} from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import type { ManageAnswer } from '../src/client.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { activeStay } from './card-helpers.js';
import { describeEachDatabase, type TestApp } from './helpers.js';
import { addOtherHotel, DAY, OTHER_ADMIN } from './room-helpers.js';

const COLUMNS = [
  { name: 'super administrator', mobile: DEMO_ACCOUNTS.super, room: '1106' },
  { name: 'secondary administrator, assigned room', mobile: DEMO_ACCOUNTS.secondary, room: '1106' },
  { name: 'secondary administrator, unassigned room', mobile: DEMO_ACCOUNTS.secondary, room: '2106' },
  { name: 'staff, granted room', mobile: DEMO_ACCOUNTS.staff, room: '1106' },
  { name: 'staff, room not granted', mobile: DEMO_ACCOUNTS.staff, room: '1206' },
  { name: "another hotel's administrator", mobile: OTHER_ADMIN, room: '1106' },
  { name: 'customer manager', mobile: DEMO_ACCOUNTS.customerManager, room: '1106' },
] as const;

type Allowed = [boolean, boolean, boolean, boolean, boolean, boolean, boolean];
const ROOM: Allowed = [true, true, false, true, false, false, false];
const ROOM_CONFIG: Allowed = [true, true, false, false, false, false, false];
const HOTEL: Allowed = [true, true, true, true, true, false, false];
const SUPER_ONLY: Allowed = [true, false, false, false, false, false, false];

const UID = '04A1B2C3';

interface Cell {
  t: TestApp;
  roomId: number;
  /** The column's account id. */
  userId: number;
}

type Answer = ManageAnswer<Record<string, unknown>>;

interface Row {
  path: string;
  allowed: Allowed;
  body(c: Cell): Promise<Record<string, unknown>> | Record<string, unknown>;
  reached?(c: Cell, res: Answer): Promise<boolean> | boolean;
  /** Refusals other than PERMISSION_DENIED and NOT_FOUND this row may answer (another hotel's card or setting). */
  refusals?: ErrorCode[];
}

let seq = 0;

/** A card row written directly (issued unless said), by the super administrator unless said. */
async function card(
  c: Cell,
  values: {
    type?: number;
    status?: 'issued' | 'pending';
    by?: number;
    room_ids?: number[];
    stay_id?: number;
  } = {},
) {
  const type = values.type ?? CARD_TYPE.normal;
  const now = c.t.clock.ms;
  const number = String(900_000 + ++seq);
  const blocks = await signedBlocks(c, number, type);
  const row = await c.t.db
    .insertInto('cards')
    .values({
      hotel_id: c.t.ids.hotelId,
      room_id: type === CARD_TYPE.normal ? c.roomId : null,
      stay_id: values.stay_id ?? null,
      card_number: number,
      type,
      status: values.status ?? 'issued',
      uid: UID,
      blocks: JSON.stringify(blocks),
      issued_by: values.by ?? c.t.ids.users.super,
      room_ids: values.room_ids ?? [],
      start_time: new Date(now - DAY),
      end_time: new Date(now + DAY),
      issued_at: values.status === 'pending' ? null : new Date(now),
      pending_expires_at: values.status === 'pending' ? new Date(now + 60_000) : null,
    })
    .returning(['id', 'card_number'])
    .executeTakeFirstOrThrow();
  return { id: row.id, number: row.card_number, blocks };
}

/** The signed blocks 4, 5, 6, 53, 54 of a card of the demo hotel (the room's lock for a guest card). */
async function signedBlocks(c: Cell, number: string, type: number): Promise<Record<string, string>> {
  const room = await c.t.db
    .selectFrom('rooms')
    .select('mac_id')
    .where('id', '=', c.roomId)
    .executeTakeFirstOrThrow();
  const now = Math.floor(c.t.clock.ms / 1000);
  const encoded = encodeGuestCard({
    hotelId: c.t.ids.hotelId,
    cardNumber: number,
    type: type as 4,
    mac_id: room.mac_id ?? undefined,
    start_time: now - 86_400,
    end_time: now + 86_400,
  });
  if (!encoded.ok) throw new Error(encoded.detail);
  const macKeyHex = await c.t.app.cardKeys.cardMacKey(c.t.db, c.t.ids.hotelId);
  const signed = signCardBlocks({ macKeyHex, uidHex: UID, blocks: encoded.value.blocks });
  if (!signed.ok) throw new Error(signed.detail);
  return Object.fromEntries(
    Object.entries(signed.value).map(([b, bytes]) => [b, bytesToHex(bytes).toUpperCase()]),
  );
}

async function encryptDemo(c: Cell, sectors = [1, 13]) {
  await c.t.app.cardKeys.hotelCardSecret(c.t.db, c.t.ids.hotelId);
  await c.t.db
    .updateTable('hotel_cards')
    .set({ encrypted_sectors: sectors })
    .where('hotel_id', '=', c.t.ids.hotelId)
    .execute();
}

async function demoSectors(c: Cell): Promise<number[]> {
  return (await c.t.app.cardKeys.settings(c.t.db, c.t.ids.hotelId)).encrypted_sectors;
}

const listed = (res: Answer, pick: (item: Record<string, unknown>) => boolean) =>
  res.errno === 0 && ((res.data['list'] as Record<string, unknown>[] | undefined) ?? []).some(pick);

const ROWS: Row[] = [
  {
    path: 'room/sendCard',
    allowed: ROOM,
    body: async (c) => ({ stay_id: await stayIn(c), card_uid: UID }),
  },
  {
    path: 'room/cardAdd',
    allowed: ROOM,
    body: async (c) => {
      const room = await c.t.db
        .selectFrom('rooms')
        .select(['building', 'floor'])
        .where('id', '=', c.roomId)
        .executeTakeFirstOrThrow();
      return {
        type: 3,
        card_uid: UID,
        building: room.building,
        floor: room.floor,
        end_time: Math.floor((c.t.clock.ms + DAY) / 1000),
      };
    },
    reached: async (c, r) => r.errno === 0 && (await hotelOf(c, Number(r.data['id']))) === c.t.ids.hotelId,
  },
  {
    path: 'lock/managerAddNew',
    allowed: ROOM,
    body: (c) => ({
      type: 5,
      card_uid: UID,
      room_ids: [c.roomId],
      end_time: Math.floor((c.t.clock.ms + DAY) / 1000),
    }),
  },
  {
    path: 'room/addCardStepTwoNew',
    allowed: ROOM,
    body: async (c) => {
      const pending = await card(c, { status: 'pending', by: c.userId });
      return { id: pending.id, card_uid: UID, blocks: pending.blocks };
    },
  },
  {
    path: 'room/addCardMark',
    allowed: ROOM,
    body: async (c) => ({ id: (await card(c)).id, note: 'matrix' }),
  },
  {
    path: 'room/cardList',
    allowed: ROOM,
    body: async (c) => {
      await card(c);
      return { room_id: c.roomId };
    },
    reached: (c, r) => listed(r, (i) => i['room_id'] === c.roomId),
  },
  {
    path: 'room/getUserCardNum',
    allowed: ROOM,
    body: async (c) => {
      await card(c);
      return {};
    },
    reached: (_c, r) => r.errno === 0 && Number((r.data['byType'] as Record<string, number>)['4']) >= 1,
  },
  { path: 'room/delcard', allowed: ROOM, body: async (c) => ({ id: (await card(c)).id }) },
  {
    path: 'lock/managerList',
    allowed: ROOM,
    body: async (c) => {
      await card(c, { type: CARD_TYPE.universal, room_ids: [c.roomId] });
      return { type: 5 };
    },
    reached: (c, r) => listed(r, (i) => (i['room_ids'] as number[]).includes(c.roomId)),
  },
  {
    path: 'lock/managerDelete',
    allowed: ROOM,
    body: async (c) => ({ id: (await card(c, { type: CARD_TYPE.universal, room_ids: [c.roomId] })).id }),
  },
  {
    path: 'passenger/deleteCardByCardId',
    allowed: ROOM,
    body: async (c) => ({ card_id: (await card(c)).number }),
    refusals: ['CARD_NOT_ISSUED'],
  },
  { path: 'room/manageCardSyncDataList', allowed: ROOM, body: (c) => ({ room_id: c.roomId }) },
  { path: 'room/resetCardSyncData', allowed: ROOM, body: (c) => ({ room_id: c.roomId }) },
  {
    path: 'lock/noteCardList',
    allowed: ROOM,
    body: async (c) => {
      await card(c);
      return { room_id: c.roomId };
    },
    reached: (c, r) => listed(r, (i) => i['room_id'] === c.roomId),
  },
  {
    path: 'room/setAccessControl',
    allowed: ROOM_CONFIG,
    body: (c) => ({ room_id: c.roomId, access_control: 1 }),
  },
  {
    path: 'lock/accessControlList',
    allowed: ROOM,
    body: async (c) => {
      await c.t.db.updateTable('rooms').set({ access_control: true }).where('id', '=', c.roomId).execute();
      return {};
    },
    reached: (c, r) => listed(r, (i) => i['room_id'] === c.roomId),
  },
  {
    path: 'passenger/getRoomInfo',
    allowed: ROOM,
    body: async (c) => {
      return { card_num: (await card(c, { stay_id: await stayIn(c) })).number };
    },
    reached: (c, r) => listed(r, (i) => i['room_id'] === c.roomId),
  },
  {
    path: 'passenger/getCardFunction',
    allowed: HOTEL,
    body: async (c) => ({ card_num: (await card(c, { type: CARD_TYPE.master })).number }),
    reached: (_c, r) => r.errno === 0 && r.data['type'] === CARD_TYPE.master,
  },
  {
    path: 'room/sendCardCheck',
    allowed: ROOM,
    body: async (c) => ({ card_uid: UID, blocks: (await card(c)).blocks }),
    reached: (_c, r) => r.errno === 0 && r.data['valid'] === true,
  },
  {
    path: 'room/getCheckData',
    allowed: HOTEL,
    body: async (c) => {
      await encryptDemo(c);
      return { card_uid: UID };
    },
    reached: async (c, r) =>
      r.errno === 0 &&
      (r.data['keys'] as Record<string, string>)['1'] ===
        (await c.t.app.cardKeys.keysOf(c.t.db, c.t.ids.hotelId, UID, [1]))[1],
  },
  {
    path: 'room/sendCardEncryption',
    allowed: ROOM,
    body: async (c) => {
      await encryptDemo(c);
      await card(c);
      return { card_uid: UID };
    },
    reached: (_c, r) => r.errno === 0 && Number(r.data['id']) > 0,
    refusals: ['ENCRYPTION_NOT_ENABLED'],
  },
  {
    path: 'room/sendCardEncryptionSyntony',
    allowed: ROOM,
    body: async (c) => {
      await encryptDemo(c);
      await card(c);
      const keys = await c.t.app.cardKeys.keysOf(c.t.db, c.t.ids.hotelId, UID, [1, 13]);
      const trailerRead = (key: string) => `000000000000${sectorTrailer(key).slice(12)}`;
      return { card_uid: UID, blocks: { 7: trailerRead(keys[1]!), 55: trailerRead(keys[13]!) } };
    },
    reached: (_c, r) => r.errno === 0 && Number(r.data['id']) > 0,
    refusals: ['ENCRYPTION_NOT_ENABLED'],
  },
  {
    path: 'room/sendCardDecodeSyntony',
    allowed: ROOM,
    body: async (c) => {
      await card(c);
      await c.t.db
        .insertInto('card_uid_keys')
        .values({ hotel_id: c.t.ids.hotelId, uid: UID, sectors: [1, 13] })
        .onConflict((oc) => oc.columns(['hotel_id', 'uid']).doNothing())
        .execute();
      const transport = `000000000000${TRANSPORT_TRAILER.slice(12)}`;
      return { card_uid: UID, blocks: { 7: transport, 55: transport } };
    },
    reached: (_c, r) => r.errno === 0 && Number(r.data['id']) > 0,
    refusals: ['CARD_NOT_ENCRYPTED'],
  },
  {
    path: 'room/cardEncryption',
    allowed: SUPER_ONLY,
    body: () => ({ sectors: [1, 13] }),
    reached: async (c, r) => r.errno === 0 && (await demoSectors(c)).length === 2,
  },
  {
    path: 'room/deleteCardEncryption',
    allowed: SUPER_ONLY,
    body: async (c) => {
      await encryptDemo(c);
      return {};
    },
    reached: async (c, r) => r.errno === 0 && (await demoSectors(c)).length === 0,
  },
  {
    path: 'room/cardEncryptionList',
    allowed: HOTEL,
    body: async (c) => {
      await encryptDemo(c);
      return {};
    },
    reached: (_c, r) => r.errno === 0 && r.data['enabled'] === true,
  },
];

/** The room's active stay (made on first use). */
async function stayIn(c: Cell): Promise<number> {
  const current = await c.t.db
    .selectFrom('stays')
    .select('id')
    .where('room_id', '=', c.roomId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return current?.id ?? (await activeStay(c.t, roomName(c))).stayId;
}

const roomNames = new Map<number, string>();
const roomName = (c: Cell) => roomNames.get(c.roomId) as string;

async function hotelOf(c: Cell, cardId: number): Promise<number | undefined> {
  return (await c.t.db.selectFrom('cards').select('hotel_id').where('id', '=', cardId).executeTakeFirst())
    ?.hotel_id;
}

/** The card calls this matrix covers: every call of API.md §8. */
export const CARD_CALLS = ROWS.map((r) => r.path);

describeEachDatabase('card calls by role', (t) => {
  const tokens = new Map<string, string>();
  const userIds = new Map<string, number>();
  const fresh = async () => {
    await t.reset();
    await addOtherHotel(t.db, t.clock.ms);
    tokens.clear();
    userIds.clear();
    for (const [name, id] of Object.entries(t.ids.rooms)) roomNames.set(id, name);
  };
  const token = async (mobile: string) => {
    let held = tokens.get(mobile);
    if (!held) {
      held = await t.login(mobile);
      tokens.set(mobile, held);
    }
    return held;
  };
  const userId = async (mobile: string) => {
    let id = userIds.get(mobile);
    if (id === undefined) {
      id = (
        await t.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()
      ).id;
      userIds.set(mobile, id);
    }
    return id;
  };

  it('covers every card call the server registers', () => {
    const registered = [...t.app.calls.keys()].filter((p) =>
      /^(room\/(sendCard|cardAdd|addCardStepTwoNew|addCardMark|cardList|getUserCardNum|delcard|sendCardEncryption|sendCardEncryptionSyntony|sendCardDecodeSyntony|cardEncryption|cardEncryptionList|deleteCardEncryption|getCheckData|sendCardCheck|manageCardSyncDataList|resetCardSyncData|setAccessControl)|lock\/(noteCardList|managerList|managerAddNew|managerDelete|accessControlList)|passenger\/(deleteCardByCardId|getCardFunction|getRoomInfo))$/.test(
        p,
      ),
    );
    expect([...CARD_CALLS].sort()).toEqual(registered.sort());
  });

  describe('by role', () => {
    for (const row of ROWS) {
      it(`${row.path}: ${row.allowed.map((a, i) => `${COLUMNS[i]!.name} ${a ? 'yes' : 'no'}`).join('; ')}`, async () => {
        const refusals = new Set(
          (['PERMISSION_DENIED', 'NOT_FOUND', ...(row.refusals ?? [])] as ErrorCode[]).map((code) =>
            messageFor('en', code),
          ),
        );
        const mutates = t.app.calls.get(row.path)?.mutates ?? true;
        await fresh();
        const order = COLUMNS.map((col, i) => ({ col, allowed: row.allowed[i]! })).sort(
          (a, b) => Number(a.allowed) - Number(b.allowed),
        );
        let dirty = false;
        for (const { col, allowed } of order) {
          if (allowed && dirty && mutates) await fresh();
          const cell: Cell = { t, roomId: t.ids.rooms[col.room]!, userId: await userId(col.mobile) };
          const body = await row.body(cell);
          const res = await t.call<Record<string, unknown>>(row.path, body, {
            token: await token(col.mobile),
          });
          const reached = row.reached ? await row.reached(cell, res) : res.errno === 0;
          const refusedRightly = allowed || res.errno === 0 || refusals.has(res.errmsg);
          expect({ column: col.name, reached, refusedRightly, errmsg: res.errmsg }).toEqual({
            column: col.name,
            reached: allowed,
            refusedRightly: true,
            errmsg: res.errmsg,
          });
          if (allowed) dirty = true;
        }
      });
    }
  });
});
