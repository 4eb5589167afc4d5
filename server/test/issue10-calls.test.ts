/**
 * Issue 10's management calls ("The door": unlock records, delivery status per lock, lock secrets, exports, guests)
 * are all registered on the server AND documented in API.md under a heading of their own, and API.md holds the
 * device API (§10) and the exports (§11) sections the issue adds. A call dropped from a route file or from the
 * documentation fails here, by name.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { apiDocText, apiSections } from './api-doc.js';
import { migratedEmbedded } from './helpers.js';

/** Every management call issue 10 names, by area. */
export const ISSUE10_CALLS: Record<string, readonly string[]> = {
  'Unlock records': ['room/openHistory', 'room/openHistoryByPeople', 'lock/checkHistory'],
  'Locks and deliveries': ['lock/inLockList', 'lock/noteCardList', 'lock/cardDelivery', 'lock/issueSecret'],
  Exports: ['export/create'],
  Guests: ['passenger/list', 'passenger/info'],
};

describe('issue 10 calls: registered and documented', () => {
  let app: FastifyInstance;
  const text = apiDocText();
  const sections = apiSections(text);
  const all = Object.values(ISSUE10_CALLS).flat();

  beforeAll(async () => {
    app = await buildApp({
      database: { kind: 'pglite', dataDir: 'memory://issue10-calls', startFrom: migratedEmbedded() },
      logger: false,
      webDist: null,
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('names the 10 management calls of the issue, each once', () => {
    expect(all).toHaveLength(10);
    expect(new Set(all).size).toBe(all.length);
  });

  it('registers every call of the issue, for signed-in operators', () => {
    const missing = all.filter((path) => !app.calls.has(path));
    expect(missing).toEqual([]);
    for (const path of all) expect(app.calls.get(path)?.auth, path).toBe('user');
  });

  it('documents every call of the issue under a heading of its own in API.md', () => {
    const documented = new Set(sections.flatMap((s) => [...s.calls]));
    expect(all.filter((path) => !documented.has(path))).toEqual([]);
  });

  it('documents only calls the server has, in every section', () => {
    // dev/* calls exist in demo mode only.
    const unknown = sections
      .flatMap((s) => [...s.calls])
      .filter((path) => !path.startsWith('dev/') && !app.calls.has(path));
    expect(unknown).toEqual([]);
  });

  it('has the device API and the exports as sections 10 and 11, after the card sections', () => {
    const titles = Object.fromEntries(sections.map((s) => [s.number, s.title]));
    expect(titles[10]).toBe('Device API (locks)');
    expect(titles[11]).toBe('Exports');
    const numbers = sections.map((s) => s.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });
});
