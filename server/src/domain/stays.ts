import {
  checkMobile,
  checkNickname,
  checkStay,
  checkTenantMobiles,
  type ErrorCode,
  type FieldInput,
  fail,
  ok,
  type Result,
  ROOM_STATUS,
  type RoomStatusName,
} from '@lockdesk/protocol';

/**
 * Stays (spec §3 'Tenant/stay', §4 'Room status'). A stay holds a room for a period [start, end) while it is
 * reserved or active. It is closed by a check-out, or ended without one: moved to another room, or cancelled.
 */

/** The stored lifecycle of a stay (the `stays.status` column). */
export type StayStatus = 'reserved' | 'active' | 'checked_out' | 'moved' | 'cancelled';

/** A stay as the rules see it; times in epoch ms. */
export interface StayTimes {
  startMs: number;
  endMs: number;
  status: StayStatus;
}

/** What the console shows for a stay (spec §4: remaining time, expired, checked out, ended). */
export type StayStateName = 'upcoming' | 'active' | 'expired' | 'checkedOut' | 'ended';

export interface StayState {
  state: StayStateName;
  /** Seconds left until the estimated check-out; 0 once it has passed or the stay is closed. */
  remainingSeconds: number;
}

/** Two periods overlap when each starts before the other ends (touching ends do not overlap). */
export function periodsOverlap(
  a: { startMs: number; endMs: number },
  b: { startMs: number; endMs: number },
): boolean {
  return a.startMs < b.endMs && b.startMs < a.endMs;
}

/** True while a stay still holds its room (neither checked out nor ended). */
export function isOpen(stay: StayTimes): boolean {
  return stay.status === 'reserved' || stay.status === 'active';
}

/** The state of a stay at `nowMs`. */
export function stayState(stay: StayTimes, nowMs: number): StayState {
  if (stay.status === 'checked_out') return { state: 'checkedOut', remainingSeconds: 0 };
  if (!isOpen(stay)) return { state: 'ended', remainingSeconds: 0 };
  const remainingSeconds = Math.max(0, Math.floor((stay.endMs - nowMs) / 1000));
  if (nowMs < stay.startMs) return { state: 'upcoming', remainingSeconds };
  if (nowMs >= stay.endMs) return { state: 'expired', remainingSeconds: 0 };
  return { state: 'active', remainingSeconds };
}

/** The first open stay among `others` that overlaps `period`, if any. */
export function findOverlap<T extends StayTimes>(
  period: { startMs: number; endMs: number },
  others: T[],
): T | undefined {
  return others.find((s) => isOpen(s) && periodsOverlap(period, s));
}

/** Room statuses whose rooms cannot be checked into (spec §4: a dirty room cannot be self checked in). */
const NOT_CHECKABLE: ReadonlySet<number> = new Set([ROOM_STATUS.maintenance, ROOM_STATUS.dirty]);

/** Refuses a check-in into a room under maintenance or not yet cleaned. */
export function checkRoomCheckable(status: number): ErrorCode | undefined {
  return NOT_CHECKABLE.has(status) ? 'ROOM_NOT_AVAILABLE' : undefined;
}

/** The room status a check-in leaves: checked in when the stay has begun, reserved when it starts later. */
export function statusAfterCheckIn(startMs: number, nowMs: number): number {
  return startMs <= nowMs ? ROOM_STATUS.checkedIn : ROOM_STATUS.reserved;
}

/** The status a room takes after its guest leaves: it needs cleaning before the next guest. */
export const STATUS_AFTER_CHECK_OUT: number = ROOM_STATUS.dirty;

/** Room status code → name, and the reverse (the numeric codes are protocol's ROOM_STATUS). */
export const ROOM_STATUS_NAMES: Readonly<Record<number, RoomStatusName>> = Object.fromEntries(
  Object.entries(ROOM_STATUS).map(([name, code]) => [code, name as RoomStatusName]),
);

/** The period rules of a check-in (spec §5): both times present, check-out ≥ 1 h after check-in and still ahead. */
export function checkStayPeriod(
  startMs: number | undefined,
  endMs: number | undefined,
  nowMs: number,
): Result<{ startMs: number; endMs: number }> {
  const refused = checkStay(startMs, endMs);
  if (refused || startMs === undefined || endMs === undefined) {
    return fail(refused ?? 'CHECK_IN_TIME_REQUIRED', 'check-in and check-out times');
  }
  if (endMs <= nowMs) return fail('EXPIRATION_NOT_FUTURE', 'the estimated check-out has already passed');
  return ok({ startMs, endMs });
}

/** A guest on a check-in: the main tenant first, then fellow tenants. */
export interface TenantInput {
  mobile?: unknown;
  nickname?: unknown;
}

/**
 * The guest rules of a check-in: the main tenant's mobile (MOBILE_INVALID), each fellow tenant's mobile
 * (TENANT_MOBILE_INVALID naming its 1-based index) and every nickname (NICKNAME_TOO_LONG).
 */
export function checkTenants(main: TenantInput, fellows: TenantInput[]): Result<true> {
  const mainRefused = checkMobile(main.mobile as FieldInput);
  if (mainRefused) return fail(mainRefused, 'mobile of the main tenant');
  const fellow = checkTenantMobiles(fellows.map((t) => t.mobile as FieldInput));
  if (fellow) return fail(fellow.code, 'mobile of a fellow tenant', fellow.params);
  for (const t of [main, ...fellows]) {
    if (t.nickname !== undefined && t.nickname !== null && typeof t.nickname !== 'string') {
      return fail('FIELD_INVALID', 'nickname', { field: 'nickname' });
    }
    const code = checkNickname(t.nickname as FieldInput);
    if (code) return fail(code, 'nickname');
  }
  return ok(true);
}

/**
 * Moving a stay to another room (spec §4 'move to another room'): the old stay ends now (or where it began, if it
 * has not begun) and a new stay covers the rest of its period in the target room.
 */
export function planMove(
  stay: StayTimes,
  nowMs: number,
): Result<{ oldEndsMs: number; newStartMs: number; newEndMs: number }> {
  const { state } = stayState(stay, nowMs);
  if (state === 'checkedOut' || state === 'ended') return fail('NOT_FOUND', 'the stay is already closed');
  if (state === 'expired') return fail('EXPIRATION_NOT_FUTURE', 'the stay has already expired');
  const cut = Math.max(stay.startMs, nowMs);
  return ok({ oldEndsMs: cut, newStartMs: cut, newEndMs: stay.endMs });
}
