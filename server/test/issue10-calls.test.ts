/**
 * Issue 10's management calls ("The door": unlock records, delivery status per lock, lock secrets, exports, guests)
 * are all registered on the server AND documented in API.md under a heading of their own, and API.md holds the
 * device API (§10) and the exports (§11) sections the issue adds. A call dropped from a route file or from the
 * documentation fails here, by name.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';

/** Every management call issue 10 names, by area. */
export const ISSUE10_CALLS: Record<string, readonly string[]> = {
  'Unlock records': ['room/openHistory', 'room/openHistoryByPeople', 'lock/checkHistory'],
  'Locks and deliveries': ['lock/inLockList', 'lock/noteCardList', 'lock/cardDelivery', 'lock/issueSecret'],
  Exports: ['export/create'],
  Guests: ['passenger/list', 'passenger/info'],
};

const API_MD = fileURLToPath(new URL('../API.md', import.meta.url));

interface Section {
  number: number;
  title: string;
  /** The calls named in backticks in the section's headings (### and deeper). */
  calls: Set<string>;
}

/** API.md's `## N. Title` sections and the calls each documents under a heading of its own. */
function apiSections(text: string): Section[] {
  const sections: Section[] = [];
  for (const line of text.split('\n')) {
    const top = /^## (\d+)\. (.+)$/.exec(line);
    if (top) {
      sections.push({ number: Number(top[1]), title: top[2] as string, calls: new Set() });
      continue;
    }
    const current = sections.at(-1);
    if (current && /^#{3,6} /.test(line))
      for (const m of line.matchAll(/`([A-Za-z][A-Za-z0-9]*\/[A-Za-z0-9/]+)`/g))
        current.calls.add(m[1] as string);
  }
  return sections;
}

describe('issue 10 calls: registered and documented', () => {
  let app: FastifyInstance;
  const text = readFileSync(API_MD, 'utf8');
  const sections = apiSections(text);
  const all = Object.values(ISSUE10_CALLS).flat();

  beforeAll(async () => {
    app = await buildApp({
      database: { kind: 'pglite', dataDir: 'memory://issue10-calls' },
      logger: false,
      webDist: null,
    });
    // Migrating a fresh PGlite takes seconds, more on a machine busy with other suites.
  }, 60_000);
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
