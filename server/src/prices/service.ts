/**
 * The price rules that span several statements or shape answers: a room's prices for the pricing rules
 * (domain/pricing.ts; the stay calls charge with them too), a room's and a template's prices as answered, setting
 * a room's prices, applying a template, and quoting a stay or a renewal. Their SQL is repository.ts's.
 */
import type {
  DatePrice,
  PriceTemplate,
  Quote,
  QuoteNightKind,
  RoomPrices as RoomPriceView,
} from '@lockdesk/protocol';
import type { UserContext } from '../call.js';
import type { Room } from '../db/schema.js';
import { parseYuan, toYuan } from '../domain/money.js';
import { quoteRenewal, quoteStay, type RoomPrices } from '../domain/pricing.js';
import { isCalendarDate } from '../domain/time.js';
import { failure } from '../errors.js';
import { epochSeconds } from '../fields.js';
import { renewalBasis, yuanText } from '../shared/room-views.js';
import {
  datePricesOfRoom,
  findStayOfRoom,
  findTemplate,
  replaceDatePrices,
  setRoomPrices,
  setRoomsFromTemplate,
  type TemplateRow,
} from './repository.js';

/** Reads `date_prices: [{ day: 'YYYY-MM-DD', price }]`: FIELD_INVALID for a bad day, PRICE_TOO_LOW for a price. */
export function readDatePrices(value: unknown[] | undefined): DatePrice[] | undefined {
  if (value === undefined) return undefined;
  const seen = new Map<string, number>();
  for (const item of value) {
    const { day, price } = (item ?? {}) as { day?: unknown; date?: unknown; price?: unknown };
    const date = day ?? (item as { date?: unknown } | null)?.date;
    if (!isCalendarDate(date)) throw failure('FIELD_INVALID', { field: 'date_prices' });
    const yuan = typeof price === 'string' ? Number(price) : price;
    if (typeof yuan !== 'number' || !Number.isFinite(yuan) || yuan < 1) throw failure('PRICE_TOO_LOW');
    if (parseYuan(yuan) === undefined) throw failure('FIELD_INVALID', { field: 'date_prices' });
    seen.set(date, yuan);
  }
  return [...seen].map(([day, price]) => ({ day, price })).sort((a, b) => a.day.localeCompare(b.day));
}

/** A room's prices in fen, for the pricing rules. */
export async function roomPrices(ctx: UserContext, room: Room): Promise<RoomPrices> {
  const dates = await datePricesOfRoom(ctx.db, room.id);
  return {
    depositFen: parseYuan(room.deposit) ?? 0,
    usualFen: room.usual_price > 0 ? parseYuan(room.usual_price) : undefined,
    weekendFen: room.weekend_price > 0 ? parseYuan(room.weekend_price) : undefined,
    specificFen: Object.fromEntries(dates.map((d) => [d.day, parseYuan(d.price) ?? 0])),
    renewAtSetPrice: room.renew,
  };
}

/** A room's prices as answered, every specific-date price with them. */
export async function roomPriceView(ctx: UserContext, room: Room): Promise<RoomPriceView> {
  return {
    room_id: room.id,
    deposit: room.deposit,
    price: room.usual_price,
    weekend_price: room.weekend_price,
    date_prices: await datePricesOfRoom(ctx.db, room.id),
    renew: room.renew,
    price_template_id: room.price_template_id,
  };
}

/** The prices room/setPrice takes. */
export interface PricesInput {
  price: number;
  deposit?: number | undefined;
  weekend_price?: number | undefined;
  /** Replaces the room's specific-date prices when given (checked with readDatePrices). */
  datePrices?: DatePrice[] | undefined;
}

/** Sets a room's prices by hand (detaching it from its template), its specific-date prices too when given. */
export async function setPrices(ctx: UserContext, room: Room, prices: PricesInput): Promise<Room> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await setRoomPrices(
      trx,
      room.id,
      {
        usual_price: yuanText(prices.price),
        ...(prices.deposit === undefined ? {} : { deposit: yuanText(prices.deposit) }),
        ...(prices.weekend_price === undefined ? {} : { weekend_price: yuanText(prices.weekend_price) }),
      },
      ctx.now(),
    );
    if (prices.datePrices) {
      await replaceDatePrices(
        trx,
        [room.id],
        prices.datePrices.map((d) => ({ room_id: room.id, day: d.day, price: yuanText(d.price) })),
      );
    }
    return row;
  });
}

/** A quote as answered, in yuan. */
function quoteView(q: {
  nights: { date: string; priceFen: number; kind: QuoteNightKind }[];
  roomFeeFen: number;
  depositFen: number;
  totalFen: number;
}) {
  return {
    nights: q.nights.length,
    list: q.nights.map((n) => ({ date: n.date, price: toYuan(n.priceFen), kind: n.kind })),
    room_fee: toYuan(q.roomFeeFen),
    deposit: toYuan(q.depositFen),
    total: toYuan(q.totalFen),
  };
}

/**
 * The price of a stay in the room from `startMs` to `endMs`, or, with a stay, of its renewal from its current
 * check-out to `endMs`, priced exactly as user/setUserExpiration will charge it.
 */
export async function quote(
  ctx: UserContext,
  room: Room,
  period: { startMs: number | undefined; endMs: number; stayId: number | undefined },
): Promise<Quote> {
  const prices = await roomPrices(ctx, room);
  if (period.stayId !== undefined) {
    const stay = await findStayOfRoom(ctx.db, period.stayId, room.id);
    if (!stay) throw failure('NOT_FOUND');
    // Only a stay still open can be renewed (user/setUserExpiration refuses the others too).
    if (stay.status !== 'active' && stay.status !== 'reserved') throw failure('STAY_CLOSED');
    const { checkInMs, nightlyFen } = await renewalBasis(ctx, stay);
    const q = quoteRenewal(prices, nightlyFen, checkInMs, stay.check_out.getTime(), period.endMs);
    if (!q.ok) throw failure(q.code, q.params);
    return { room_id: room.id, stay_id: stay.id, renewal: true, ...quoteView(q.value) };
  }
  if (period.startMs === undefined) throw failure('CHECK_IN_TIME_REQUIRED');
  const q = quoteStay(prices, period.startMs, period.endMs);
  if (!q.ok) throw failure(q.code, q.params);
  return { room_id: room.id, renewal: false, ...quoteView(q.value) };
}

/** A template as answered (with how many rooms follow it, in the list). */
export function templateView(t: TemplateRow, roomCount?: number): PriceTemplate {
  return {
    id: t.id,
    name: t.name,
    deposit: t.deposit,
    price: t.usual_price,
    weekend_price: t.weekend_price,
    date_prices: t.date_prices,
    created_at: epochSeconds(t.created_at),
    updated_at: epochSeconds(t.updated_at),
    ...(roomCount === undefined ? {} : { room_count: roomCount }),
  };
}

/** A template of the caller's hotel, or NOT_FOUND. */
export async function requireTemplate(ctx: UserContext, id: number): Promise<TemplateRow> {
  const row = await findTemplate(ctx.db, ctx.requireHotelId(), id);
  if (!row) throw failure('NOT_FOUND');
  return row;
}

/** Copies a template's prices, its specific-date prices too, into rooms and links them to it, in one transaction. */
export async function applyTemplate(
  ctx: UserContext,
  template: TemplateRow,
  roomIds: number[],
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await setRoomsFromTemplate(trx, roomIds, template, ctx.now());
    await replaceDatePrices(
      trx,
      roomIds,
      roomIds.flatMap((room_id) =>
        template.date_prices.map((d) => ({ room_id, day: d.day, price: yuanText(d.price) })),
      ),
    );
  });
}
