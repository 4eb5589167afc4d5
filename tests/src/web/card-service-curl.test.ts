// server/API.md §18's worked example, read as a PMS developer would copy it: the server's address names the port the
// server listens on, step 4's reader address is the gateway's reader service, each reader call names a function the
// gateway has and goes as a JSON POST, and the curl lines run as written — through the real curl binary — against
// the gateway's reader service on its simulated encoder write a card that the server then issues.
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { READER_FUNCS, type RunningGateway, silentLogger, startGateway } from '@lockdesk/gateway';
import { LOCAL_SERVICES } from '@lockdesk/protocol';
import { DEFAULT_PORT, manageCall } from '@lockdesk/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ROOT, startServer, stopProcess } from './harness.js';

const run = promisify(execFile);

/** The shell lines of §18's worked example (a line ending in `\` joined with the next), comments left out. */
function workedExample(): string[] {
  const text = readFileSync(join(ROOT, 'server', 'API.md'), 'utf8');
  const start = text.indexOf('### A worked example with curl');
  expect(start).toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(start))?.[1] ?? '';
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A variable the example sets (`NAME=value`, a trailing comment left out). */
function variable(lines: string[], name: string): string | undefined {
  const line = lines.find((l) => l.startsWith(`${name}=`));
  return line
    ?.slice(name.length + 1)
    .split(/\s+#/)[0]
    ?.trim();
}

/** The words of a shell line: single-quoted words kept whole (the example uses no other quoting around JSON). */
function words(line: string): string[] {
  return (line.match(/'[^']*'|\S+/g) ?? []).map((w) => (w.startsWith("'") ? w.slice(1, -1) : w));
}

/** A reader call of the example: its curl words and the JSON body it sends (after `-d`). */
interface ReaderCall {
  words: string[];
  body: { func: string; parameters?: Record<string, unknown> };
}

function readerCalls(lines: string[]): ReaderCall[] {
  return lines
    .filter((line) => line.startsWith('curl ') && line.includes('$READER'))
    .map((line) => {
      const w = words(line);
      const data = w[w.indexOf('-d') + 1] ?? '';
      return { words: w, body: JSON.parse(data) as ReaderCall['body'] };
    });
}

interface Step {
  block: number;
  key: string;
  keyType?: string;
  data: string;
}

let server: ChildProcess | undefined;
let gateway: RunningGateway | undefined;
let dataDir = '';
let base = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-card-service-curl-'));
  const started = await startServer(dataDir);
  server = started.child;
  base = started.url;
  // The gateway in this process, on ports of its own (the documented fixed port is checked against the constant).
  gateway = await startGateway(
    { transport: 'simulated', readerPort: 0, rawPort: 0, websocketPort: 0, simulatorPort: 0 },
    { logger: silentLogger() },
  );
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await stopProcess(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs a documented curl line with the real curl binary, `$READER` pointing at this suite's gateway. */
async function curl(call: ReaderCall, body: unknown): Promise<Record<string, unknown>> {
  const reader = `${gateway?.addresses.reader}${LOCAL_SERVICES.readerPath}`;
  const args = call.words.slice(1).map((w) => (w === '$READER' ? reader : w));
  args[args.indexOf('-d') + 1] = JSON.stringify(body);
  const { stdout } = await run('curl', args);
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** A card-service call over HTTP, as the example's `$HOST` lines make it. */
async function service<T>(path: string, input: Record<string, unknown>, token?: string): Promise<T> {
  const res = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(input),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  expect(answer.code, answer.msg).toBe(200);
  return answer.data;
}

describe('server/API.md §18, the worked example with curl', () => {
  it("names the server's port and the gateway's reader service, and only functions the gateway has", () => {
    const lines = workedExample();
    expect(variable(lines, 'HOST')).toBe(`http://127.0.0.1:${DEFAULT_PORT}`);
    expect(variable(lines, 'READER')).toBe(
      `http://${LOCAL_SERVICES.host}:${LOCAL_SERVICES.readerPort}${LOCAL_SERVICES.readerPath}`,
    );
    const calls = readerCalls(lines);
    expect(calls.map((c) => c.body.func)).toEqual(['open', 'writeBlock', 'readBlock']);
    for (const call of calls) {
      expect(Object.keys(READER_FUNCS)).toContain(call.body.func);
      expect(call.words.slice(0, 5)).toEqual(['curl', '-s', '-X', 'POST', '$READER']);
      expect(call.words).toContain('Content-Type: application/json');
      expect(call.words[call.words.indexOf('-H') + 1]).toBe('Content-Type: application/json');
    }
  });

  it("step 4's curl lines, run as written against the gateway's reader service, write a card the server issues", async () => {
    const calls = readerCalls(workedExample());
    const [open, write, read] = calls as [ReaderCall, ReaderCall, ReaderCall];
    const sim = gateway?.simulator;
    if (!sim) throw new Error('the gateway is not simulating');
    const uid = '04C0FF1E';
    expect(sim.placeBlankCard({ uid }).ok).toBe(true);

    const login = await manageCall<{ token: string }>(base, 'login', {
      mobile: DEMO_ACCOUNTS.super,
      password: DEMO_PASSWORD,
    });
    const key = await manageCall<{ key: string }>(
      base,
      'user/apikey',
      { name: 'curl example' },
      { token: login.data.token },
    );
    const { token, hotel_id } = await service<{ token: string; hotel_id: number }>('/auth/login', {
      api_key: key.data.key,
    });
    const rooms = await fetch(
      new URL(`/linQuan/getRoomListByHotelId?hotel_id=${hotel_id}&keyword=1105`, base),
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const room = (
      (await rooms.json()) as { data: { list: { room_id: number; name: string }[] } }
    ).data.list.find((r) => r.name === '1105');
    const plan = await service<{ id: number; writes: Step[]; verify: Step[] }>(
      '/linQuan/writeRoomCard',
      { room_id: room?.room_id, card_uid: uid, end_time: Math.floor(Date.now() / 1000) + 86_400 },
      token,
    );
    expect(plan.writes.length).toBeGreaterThan(0);

    expect(await curl(open, open.body)).toMatchObject({ func: 'open', code: 1, retval: 0 });
    // "the step as it is": the documented parameters are exactly the fields of a `writes` step.
    const documented = Object.keys(write.body.parameters ?? {}).sort();
    for (const step of plan.writes) {
      expect(Object.keys(step).sort()).toEqual(documented);
      const answer = await curl(write, { ...write.body, parameters: step });
      expect(answer, JSON.stringify(answer)).toMatchObject({ func: 'writeBlock', code: 1, retval: 0 });
    }
    const blocks: Record<string, string> = {};
    for (const step of plan.verify) {
      const parameters = Object.fromEntries(
        Object.keys(read.body.parameters ?? {}).map((name) => [name, step[name as keyof Step]]),
      );
      const answer = (await curl(read, { ...read.body, parameters })) as {
        code: number;
        retval: number;
        data: { block: number; data: string };
      };
      expect(answer, JSON.stringify(answer)).toMatchObject({
        code: 1,
        retval: 0,
        data: { block: step.block },
      });
      blocks[String(step.block)] = answer.data.data;
    }
    const confirmed = await service<{ record: { status: string } }>(
      '/linQuan/writeRoomCard',
      { step: 'confirm', id: plan.id, card_uid: uid, blocks },
      token,
    );
    expect(confirmed.record.status).toBe('issued');
  });
});
