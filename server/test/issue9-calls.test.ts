/**
 * Issue 9's calls (spec §7 rows Cards, M1 cards, CPU cards, Card dispenser and the universal-card calls) are all
 * registered on the server AND documented in API.md, in the card sections (§8 Cards, §9 Card dispensers, M1 and
 * CPU cards), and API.md's sections come in order (a table of contents, if one is added, lists every section).
 * A call dropped from a route file or from the documentation fails here, by name.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { apiDocText, apiSections, SPEC_CARD_CALLS } from './api-doc.js';
import { migratedEmbedded } from './helpers.js';

/** Every call issue 9 names, by spec §7 row. */
export const ISSUE9_CALLS: Record<string, readonly string[]> = {
  Cards: SPEC_CARD_CALLS,
  'M1 cards': [
    'lockCardM1/add',
    'lockCardM1/lists',
    'lockCardM1/delCard',
    'lockCardM1/readCard',
    'lockCardM1/notify',
  ],
  'CPU cards': ['lockCardCpu/add', 'lockCardCpu/lists', 'lockCardCpu/delCard', 'lockCardCpu/sendCard'],
  'Card dispenser': [
    'cardDispenser/add',
    'cardDispenser/lists',
    'cardDispenser/checkStatus',
    'cardDispenser/userBind',
    'cardDispenser/getUserBind',
    'User/setUserDispenserType',
    'User/getUserDispenserType',
    'app/getAesEight',
  ],
  'Universal cards': ['lock/managerList', 'lock/managerAddNew', 'lock/managerDelete'],
};

describe('issue 9 calls: registered and documented', () => {
  let app: FastifyInstance;
  const text = apiDocText();
  const sections = apiSections(text);
  const all = Object.values(ISSUE9_CALLS).flat();

  beforeAll(async () => {
    app = await buildApp({
      database: { kind: 'pglite', dataDir: 'memory://issue9-calls', startFrom: migratedEmbedded() },
      logger: false,
      webDist: null,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('names the 41 calls of the issue (21 card calls, 5 M1, 4 CPU, 8 dispenser, 3 universal)', () => {
    expect(ISSUE9_CALLS['Cards']).toHaveLength(21);
    expect(all).toHaveLength(41);
    expect(new Set(all).size).toBe(all.length);
  });

  it('registers every call of the issue', () => {
    const missing = all.filter((path) => !app.calls.has(path));
    expect(missing).toEqual([]);
    for (const path of all) expect(app.calls.get(path)?.auth, path).toBe('user');
  });

  it('documents every call of the issue under its own heading in §8 or §9 of API.md', () => {
    const cardSections = sections.filter((s) => s.number === 8 || s.number === 9);
    expect(cardSections.map((s) => s.title)).toEqual(['Cards', 'Card dispensers, M1 and CPU cards']);
    const documented = new Set(cardSections.flatMap((s) => [...s.calls]));
    expect(all.filter((path) => !documented.has(path))).toEqual([]);
  });

  it('documents only calls the server has in §8 and §9', () => {
    const cardSections = sections.filter((s) => s.number === 8 || s.number === 9);
    const unknown = cardSections.flatMap((s) => [...s.calls]).filter((path) => !app.calls.has(path));
    expect(unknown).toEqual([]);
  });

  it('keeps API.md sections in order, each once, and a table of contents (if any) lists them all', () => {
    const numbers = sections.map((s) => s.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers).toContain(8);
    expect(numbers).toContain(9);
    const toc = text
      .split('\n')
      .filter((line) => /^\s*[-*\d.]+\s*\[.+\]\(#.+\)/.test(line))
      .map((line) => line.trim());
    if (toc.length > 0) {
      for (const s of sections)
        expect(
          toc.some((line) => line.includes(`${s.number}. ${s.title}`)),
          `${s.number}. ${s.title}`,
        ).toBe(true);
    }
  });
});
