/** The SQL of the CPU cards (API.md §9.3): cards by serial, their room, stay and the dispenser last sent to. */
import type { CpuCardStatus } from '@lockdesk/protocol';
import { type Db, isConstraintViolation } from '../../db/index.js';
import type { RoomScope } from '../../domain/permissions.js';
import { listPage } from '../../fields.js';
import { hexId } from '../../shared/card-common.js';
import { likePattern } from '../../shared/room-views.js';

const cpuColumns = [
  'c.id',
  'c.serial',
  'c.note',
  'c.room_id',
  'r.name as room_name',
  'c.stay_id',
  's.nickname as guest_name',
  'c.end_time',
  'c.status',
  'd.mac_id as dispenser_mac_id',
  'c.sent_at',
  'c.created_at',
  'c.updated_at',
] as const;

/** A CPU card with its room's name, its guest's name and the dispenser it was last sent to. */
export type CpuRow = {
  id: number;
  serial: string;
  note: string;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  guest_name: string | null;
  end_time: Date;
  status: CpuCardStatus;
  dispenser_mac_id: string | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** The hotel's CPU cards with their room, stay and dispenser (aliased c, r, s, d). */
const cpuCards = (db: Db, hotelId: number) =>
  db
    .selectFrom('cpu_cards as c')
    .leftJoin('rooms as r', 'r.id', 'c.room_id')
    .leftJoin('stays as s', 's.id', 'c.stay_id')
    .leftJoin('card_dispensers as d', 'd.id', 'c.dispenser_id')
    .where('c.hotel_id', '=', hotelId);

/** A CPU card of the hotel (known to exist). */
export const readCpuCard = (db: Db, hotelId: number, id: number): Promise<CpuRow> =>
  cpuCards(db, hotelId).select(cpuColumns).where('c.id', '=', id).executeTakeFirstOrThrow();

/** A live (not deleted) CPU card of the hotel. */
export function findLiveCpuCard(db: Db, hotelId: number, id: number): Promise<CpuRow | undefined> {
  return cpuCards(db, hotelId)
    .select(cpuColumns)
    .where('c.id', '=', id)
    .where('c.status', '<>', 'deleted')
    .executeTakeFirst();
}

/** Registers a CPU card; null when the hotel has a live card of that serial already. */
export async function insertCpuCard(
  db: Db,
  card: {
    hotel_id: number;
    room_id: number | null;
    stay_id: number | null;
    serial: string;
    note: string;
    end_time: Date;
    created_by: number;
  },
  now: Date,
): Promise<number | null> {
  try {
    const row = await db
      .insertInto('cpu_cards')
      .values({ ...card, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (e) {
    if (isConstraintViolation(e, 'unique')) return null;
    throw e;
  }
}

/** The CPU card list's filters, and which cards the caller may manage. */
export interface CpuCardFilters {
  /** The caller may manage the hotel's cards of no room (its library). */
  library: boolean;
  scope: RoomScope;
  room_id?: number | undefined;
  stay_id?: number | undefined;
  status?: CpuCardStatus | undefined;
  keyword?: string | undefined;
}

/** A page of the hotel's CPU cards the caller may manage (without a status: every live card), newest first. */
export function listCpuCards<View>(
  db: Db,
  hotelId: number,
  filters: CpuCardFilters,
  page: { page: number; limit: number },
  view: (row: CpuRow) => View,
) {
  const { library, scope } = filters;
  let q = cpuCards(db, hotelId).where((eb) => {
    const mayManage = [];
    if (library) mayManage.push(eb('c.room_id', 'is', null));
    if (scope.kind === 'all') mayManage.push(eb('c.room_id', 'is not', null));
    else if (scope.kind === 'assigned')
      mayManage.push(
        eb(
          'c.room_id',
          'in',
          eb.selectFrom('user_rooms').select('room_id').where('user_id', '=', scope.userId),
        ),
      );
    return mayManage.length === 0 ? eb.lit(false) : eb.or(mayManage);
  });
  if (filters.room_id !== undefined) q = q.where('c.room_id', '=', filters.room_id);
  if (filters.stay_id !== undefined) q = q.where('c.stay_id', '=', filters.stay_id);
  q =
    filters.status === undefined
      ? q.where('c.status', '<>', 'deleted')
      : q.where('c.status', '=', filters.status);
  if (filters.keyword) {
    const like = likePattern(filters.keyword);
    const serialLike = likePattern(hexId(filters.keyword));
    q = q.where((eb) =>
      eb.or([
        eb('c.serial', 'like', serialLike),
        eb('c.note', 'ilike', like),
        eb('r.name', 'ilike', like),
        eb('s.nickname', 'ilike', like),
      ]),
    );
  }
  return listPage(
    q,
    page,
    (rows) => rows.select(cpuColumns).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc'),
    view,
  );
}

/** Marks a CPU card deleted. */
export async function markCpuCardDeleted(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('cpu_cards')
    .set({ status: 'deleted', updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Queues a CPU card on a dispenser ('sending'). */
export async function markCpuCardSending(db: Db, id: number, dispenserId: number, now: Date): Promise<void> {
  await db
    .updateTable('cpu_cards')
    .set({ status: 'sending', dispenser_id: dispenserId, sent_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** What the dispenser did with a card being sent. */
export async function setCpuCardOutcome(
  db: Db,
  id: number,
  result: 'delivered' | 'failed',
  now: Date,
): Promise<void> {
  await db
    .updateTable('cpu_cards')
    .set({ status: result, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}
