import { beforeEach, expect, it } from 'vitest';
import { isConstraintViolation } from '../src/db/index.js';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { messageFor } from '../src/i18n.js';
import { describeEachDatabase } from './helpers.js';
import { checkInBody, DAY, HOUR } from './room-helpers.js';

describeEachDatabase('parallel check-ins', (t) => {
  let token: string;
  beforeEach(async () => {
    await t.reset();
    token = await t.login(DEMO_ACCOUNTS.super);
  });

  it('50 parallel check-ins into one vacant room produce exactly one stay', async () => {
    const room = t.ids.rooms['1106']!;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.call(
          'room/tenant/update/checkIn',
          checkInBody(room, t.clock.ms + i * 60_000, 24, {
            mobile: `139${String(10_000_000 + i).slice(0, 8)}`,
          }),
          { token },
        ),
      ),
    );
    const won = answers.filter((a) => a.errno === 0);
    const lost = answers.filter((a) => a.errno !== 0);
    expect(won).toHaveLength(1);
    expect(new Set(lost.map((a) => a.errmsg))).toEqual(new Set([messageFor('en', 'ROOM_OCCUPIED')]));
    const stays = await t.db.selectFrom('stays').select('id').where('room_id', '=', room).execute();
    expect(stays).toHaveLength(1);
  });

  it('lets parallel check-ins into different rooms all succeed', async () => {
    const rooms = ['1106', '1107', '2106', '2107', '2301'].map((name) => t.ids.rooms[name]!);
    const answers = await Promise.all(
      rooms.map((room) => t.call('room/tenant/update/checkIn', checkInBody(room, t.clock.ms, 24), { token })),
    );
    expect(answers.map((a) => a.errno)).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses an overlapping stay in the database itself, whatever writes it', async () => {
    const room = t.ids.rooms['1106']!;
    const stay = (from: number, hours: number) => ({
      hotel_id: t.ids.hotelId,
      room_id: room,
      check_in: new Date(from),
      check_out: new Date(from + hours * HOUR),
      status: 'reserved' as const,
    });
    await t.db
      .insertInto('stays')
      .values(stay(t.clock.ms + DAY, 24))
      .execute();
    const overlapping = await t.db
      .insertInto('stays')
      .values(stay(t.clock.ms + DAY + HOUR, 2))
      .execute()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(isConstraintViolation(overlapping, 'exclusion')).toBe(true);
    // Back to back is not an overlap.
    await t.db
      .insertInto('stays')
      .values(stay(t.clock.ms + 2 * DAY, 24))
      .execute();
  });
});
