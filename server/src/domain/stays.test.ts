import { ROOM_STATUS } from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import {
  checkRoomCheckable,
  checkStayPeriod,
  checkTenants,
  findOverlap,
  periodsOverlap,
  planMove,
  type StayTimes,
  statusAfterCheckIn,
  stayState,
} from './stays.js';

const H = 3_600_000;
const now = Date.UTC(2025, 5, 5, 6);
const stay = (startMs: number, endMs: number, status: StayTimes['status'] = 'active'): StayTimes => ({
  startMs,
  endMs,
  status,
});

describe('overlap', () => {
  it('sees overlapping periods and lets touching ones pass', () => {
    expect(periodsOverlap({ startMs: 0, endMs: 10 }, { startMs: 9, endMs: 20 })).toBe(true);
    expect(periodsOverlap({ startMs: 0, endMs: 10 }, { startMs: 10, endMs: 20 })).toBe(false);
    expect(periodsOverlap({ startMs: 5, endMs: 6 }, { startMs: 0, endMs: 20 })).toBe(true);
  });

  it('ignores closed stays', () => {
    const others = [stay(0, 10, 'checked_out'), stay(0, 10, 'moved'), stay(8, 12, 'reserved')];
    expect(findOverlap({ startMs: 5, endMs: 9 }, others)).toBe(others[2]);
    expect(findOverlap({ startMs: 5, endMs: 8 }, others)).toBeUndefined();
  });
});

describe('stay state', () => {
  it('shows remaining time, expired, checked out and ended', () => {
    expect(stayState(stay(now - H, now + 2 * H), now)).toEqual({ state: 'active', remainingSeconds: 7200 });
    expect(stayState(stay(now + H, now + 2 * H, 'reserved'), now)).toEqual({
      state: 'upcoming',
      remainingSeconds: 7200,
    });
    expect(stayState(stay(now - 2 * H, now - H), now)).toEqual({ state: 'expired', remainingSeconds: 0 });
    expect(stayState(stay(now - 2 * H, now + H, 'checked_out'), now).state).toBe('checkedOut');
    expect(stayState(stay(now - 2 * H, now + H, 'moved'), now).state).toBe('ended');
    expect(stayState(stay(now - 2 * H, now + H, 'cancelled'), now).state).toBe('ended');
  });
});

describe('check-in rules', () => {
  it('refuses dirty and maintenance rooms', () => {
    expect(checkRoomCheckable(ROOM_STATUS.dirty)).toBe('ROOM_NOT_AVAILABLE');
    expect(checkRoomCheckable(ROOM_STATUS.maintenance)).toBe('ROOM_NOT_AVAILABLE');
    expect(checkRoomCheckable(ROOM_STATUS.vacant)).toBeUndefined();
    expect(checkRoomCheckable(ROOM_STATUS.reserved)).toBeUndefined();
  });

  it('needs both times, one hour at least, and a check-out still ahead', () => {
    expect(checkStayPeriod(undefined, now + H, now)).toMatchObject({ code: 'CHECK_IN_TIME_REQUIRED' });
    expect(checkStayPeriod(now, undefined, now)).toMatchObject({ code: 'CHECK_OUT_TIME_REQUIRED' });
    expect(checkStayPeriod(now, now + H - 1000, now)).toMatchObject({ code: 'STAY_TOO_SHORT' });
    expect(checkStayPeriod(now, now - H, now)).toMatchObject({ code: 'STAY_TOO_SHORT' });
    expect(checkStayPeriod(now - 3 * H, now - H, now)).toMatchObject({ code: 'EXPIRATION_NOT_FUTURE' });
    expect(checkStayPeriod(now, now + H, now)).toEqual({ ok: true, value: { startMs: now, endMs: now + H } });
  });

  it('checks the mobile of the main tenant and names a fellow tenant by index', () => {
    expect(checkTenants({ mobile: '12345678901' }, [])).toMatchObject({ code: 'MOBILE_INVALID' });
    expect(
      checkTenants({ mobile: '13800138000' }, [{ mobile: '13900139000' }, { mobile: '139' }]),
    ).toMatchObject({
      code: 'TENANT_MOBILE_INVALID',
      params: { index: 2 },
    });
    expect(checkTenants({ mobile: '13800138000' }, [])).toEqual({ ok: true, value: true });
  });

  it('allows 32 characters in a nickname and no more', () => {
    expect(checkTenants({ mobile: '13800138000', nickname: '好'.repeat(32) }, [])).toEqual({
      ok: true,
      value: true,
    });
    expect(checkTenants({ mobile: '13800138000', nickname: 'a'.repeat(33) }, [])).toMatchObject({
      code: 'NICKNAME_TOO_LONG',
    });
    expect(checkTenants({ mobile: '13800138000' }, [{ mobile: '13800138001', nickname: 7 }])).toMatchObject({
      code: 'FIELD_INVALID',
    });
  });

  it('leaves the room checked in, or reserved for a later stay', () => {
    expect(statusAfterCheckIn(now, now)).toBe(ROOM_STATUS.checkedIn);
    expect(statusAfterCheckIn(now + H, now)).toBe(ROOM_STATUS.reserved);
  });
});

describe('moving a stay', () => {
  it('cuts an active stay now and carries the rest to the new room', () => {
    expect(planMove(stay(now - H, now + 5 * H), now)).toEqual({
      ok: true,
      value: { oldEndsMs: now, newStartMs: now, newEndMs: now + 5 * H },
    });
  });

  it('moves a reservation whole', () => {
    expect(planMove(stay(now + H, now + 5 * H, 'reserved'), now)).toMatchObject({
      value: { oldEndsMs: now + H, newStartMs: now + H, newEndMs: now + 5 * H },
    });
  });

  it('refuses closed and expired stays', () => {
    expect(planMove(stay(now - H, now + H, 'checked_out'), now)).toMatchObject({ code: 'NOT_FOUND' });
    expect(planMove(stay(now - 2 * H, now - H), now)).toMatchObject({ code: 'EXPIRATION_NOT_FUTURE' });
  });
});
