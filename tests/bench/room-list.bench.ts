/**
 * The console's room list at hotel scale (issue 8 §5): the built server with the demo hotel grown to 10,000 rooms
 * (`start --demo --demo-rooms 10000`), Chromium signed in, then RUNS navigations to /room/roomList, each timed from
 * the start of the navigation until the first room card is visible. Prints every run and the median; the first run
 * meets a server that has not built the page yet, later ones the kept page (routes/room-list.ts), so both figures
 * are shown. A benchmark, not a test: no time is asserted (a list that never shows fails it, though).
 *
 *   pnpm bench (root or tests/), after `pnpm -r build`; LOCKDESK_TEST_WEB_DIST names another console build.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Console, signIn, startConsole } from '../src/web/harness.js';

const ROOMS = 10_000;
/** web/src/app/paths.ts: the room list, and another page to come from. */
const ROOM_LIST = '/room/roomList';
const ELSEWHERE = '/center/personalCenter';
const RUNS = 7;

let desk: Console;

beforeAll(async () => {
  const started = performance.now();
  desk = await startConsole({ serverArgs: ['--demo-rooms', String(ROOMS)] });
  console.log(`server with ${ROOMS} rooms started in ${((performance.now() - started) / 1000).toFixed(1)} s`);
});

afterAll(async () => {
  await desk?.stop();
});

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

it(`prints the time from navigation to the first room of ${ROOMS} on the room list`, async () => {
  const { context, page, problems } = await signIn(desk.browser, desk.base, { language: 'en' });
  const url = `${desk.base}${ROOM_LIST}`;
  const firstRoom = page.getByTestId('room-item').first();
  const full: number[] = [];
  const inApp: number[] = [];
  // When the room/listNew answer of each navigation arrived, to tell the server's share from the page's.
  const answered: { full: number[]; inApp: number[] } = { full: [], inApp: [] };
  // Where a full load's time goes (the page's own clock, from the navigation's start): the last script chunk, the
  // layout's and the list's chunks, and the room/listNew answer, each fully received.
  const milestones: Record<string, number[]> = {};
  const lastScripts = new Set<string>();
  const MILESTONES: Record<string, string> = {
    'entry script': '/assets/index-',
    'layout chunk': '/assets/ConsoleLayout-',
    'list chunk': '/assets/RoomListPage-',
    'room/listNew answer': '/manage/room/listNew',
  };
  let since = 0;
  let arrived = Number.NaN;
  // The page's clock when the first room card enters the document, and its long tasks (script, layout) by then.
  await context.addInitScript(`(() => {
    const w = window;
    w.__bench = { longTasks: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="room-item"]')) {
        w.__bench.firstRoom = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  })()`);
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('/manage/room/listNew') && Number.isNaN(arrived))
      arrived = performance.now() - since;
  });
  for (let run = 0; run < RUNS; run++) {
    // A full page load: the console's scripts (cached after the first run), the session check, the first page.
    await page.goto('about:blank');
    let started = performance.now();
    since = started;
    arrived = Number.NaN;
    await page.goto(url, { waitUntil: 'commit' });
    await firstRoom.waitFor({ state: 'visible', timeout: 60_000 });
    full.push(performance.now() - started);
    answered.full.push(arrived);
    const ends = (await page.evaluate(
      `performance.getEntriesByType('resource').map((e) => [e.name, e.startTime, e.responseEnd])`,
    )) as [string, number, number][];
    const note = (label: string, value: number) => {
      const list = milestones[label] ?? [];
      list.push(value);
      milestones[label] = list;
    };
    const scripts = ends.filter(([name]) => name.endsWith('.js')).sort((a, b) => a[2] - b[2]);
    const last = scripts.at(-1);
    if (last) {
      note('last script chunk', last[2]);
      lastScripts.add(last[0].replace(/^.*\/assets\//, ''));
    }
    const bench = (await page.evaluate('window.__bench')) as { firstRoom?: number; longTasks: number[][] };
    if (bench.firstRoom !== undefined) {
      note('first room in the document', bench.firstRoom);
      const answer = ends.find(([name]) => name.includes('/manage/room/listNew'))?.[2] ?? 0;
      const after = bench.longTasks.filter(
        ([start = 0]) => start >= answer && start < (bench.firstRoom ?? 0),
      );
      note(
        'long tasks after the answer',
        after.reduce((sum, [, d = 0]) => sum + d, 0),
      );
      note(
        'long tasks before the answer',
        bench.longTasks.filter(([start = 0]) => start < answer).reduce((sum, [, d = 0]) => sum + d, 0),
      );
    }
    for (const [label, part] of Object.entries(MILESTONES)) {
      const entry = ends.find(([name]) => name.includes(part));
      if (entry && part.startsWith('/manage/')) note(`${label} asked`, entry[1]);
      if (entry) note(label, entry[2]);
    }

    // Inside the running console: from another page, the router's navigation (what a menu click does).
    await page.evaluate(
      `window.history.pushState({}, '', ${JSON.stringify(ELSEWHERE)}); dispatchEvent(new PopStateEvent('popstate'))`,
    );
    await firstRoom.waitFor({ state: 'detached', timeout: 60_000 });
    started = performance.now();
    since = started;
    arrived = Number.NaN;
    await page.evaluate(
      `window.history.pushState({}, '', ${JSON.stringify(ROOM_LIST)}); dispatchEvent(new PopStateEvent('popstate'))`,
    );
    await firstRoom.waitFor({ state: 'visible', timeout: 60_000 });
    inApp.push(performance.now() - started);
    answered.inApp.push(arrived);
  }
  await context.close();
  expect(problems).toEqual([]);
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const answerAt = (times: number[]) => {
    const seen = times.filter(Number.isFinite);
    return seen.length
      ? `median ${ms(median(seen))} (${seen.length} of ${times.length} navigations asked the server)`
      : 'never asked (the console answered from its own cache)';
  };
  console.log(
    [
      `Room list at ${ROOMS} rooms, Chromium, navigation → first room visible (${RUNS} runs)`,
      `  full page load: ${full.map(ms).join(', ')}; median ${ms(median(full))}`,
      `    room/listNew answer received at: ${answerAt(answered.full)}`,
      `    in the page (from navigation start, medians): ${Object.entries(milestones)
        .map(([label, ends]) => `${label} ${ms(median(ends))}`)
        .join(', ')}`,
      `    last script chunks: ${[...lastScripts].join(', ')}`,
      `  in the console: ${inApp.map(ms).join(', ')}; median ${ms(median(inApp))}`,
      `    room/listNew answer received at: ${answerAt(answered.inApp)}`,
    ].join('\n'),
  );
});
