/**
 * Bad input for the account, hotel, log and demo calls (the room areas' calls are in permissions.test.ts), and the
 * check that the two tables of bad-input-cases.ts together name every registered /manage call.
 */
import { beforeAll, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../src/demo.js';
import { OTHER_BAD_INPUT, ROOM_BAD_INPUT } from './bad-input-cases.js';
import { describeEachDatabase } from './helpers.js';
import { expectRefused } from './room-helpers.js';

describeEachDatabase(
  'bad input: account, hotel and log calls',
  (t) => {
    let token: string;
    beforeAll(async () => {
      await t.reset();
      token = await t.login(DEMO_ACCOUNTS.super);
    });

    it('every registered call (demo mode) has bad-input cases', () => {
      const covered = [...Object.keys(ROOM_BAD_INPUT), ...Object.keys(OTHER_BAD_INPUT)].sort();
      expect(covered).toEqual([...t.app.calls.keys()].sort());
    });

    for (const [path, cases] of Object.entries(OTHER_BAD_INPUT)) {
      it(
        cases.length === 0
          ? `${path} takes no fields and ignores unknown ones`
          : `${path}: ${cases.map(([, code]) => code).join(', ')}`,
        async () => {
          const auth = t.app.calls.get(path)?.auth;
          expect(auth).toBeDefined();
          const options = auth === 'user' ? { token } : {};
          if (cases.length === 0) {
            expect((await t.call(path, { unknown: 'x' }, options)).errno).toBe(0);
            return;
          }
          for (const [body, code, params] of cases) {
            expectRefused(await t.call(path, body, options), code, params);
          }
        },
      );
    }
  },
  { demo: true },
);
