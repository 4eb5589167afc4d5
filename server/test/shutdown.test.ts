/**
 * Graceful shutdown of `lockdesk-server start` (issue 12, contract C1), on the built CLI (server/dist/cli.js; run
 * `pnpm --filter @lockdesk/server build` first) over PGlite: on SIGTERM /health answers 503 at once, calls are still
 * answered during LOCKDESK_SHUTDOWN_GRACE_MS, a call in flight when the server closes gets its answer, and the
 * process exits 0; a second signal exits at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ENVELOPE_KEYS, encryptEnvelope, languageHeader } from '@lockdesk/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { openAnswer } from '../src/client.js';

// Starting the CLI on PGlite migrates a fresh database: slow on a busy machine, so each case has two minutes.
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

interface Started {
  child: ChildProcess;
  url: string;
  output: string[];
  exit: Promise<number | null>;
}

const running: Started[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const s of running.splice(0)) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Starts the built CLI on a PGlite data folder of its own and resolves once it prints its address. */
async function startCli(graceMs: number): Promise<Started> {
  if (!existsSync(CLI))
    throw new Error(`${CLI} is missing: run \`pnpm --filter @lockdesk/server build\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-shutdown-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, [CLI, 'start', '--port', '0'], {
    env: {
      PATH: process.env['PATH'],
      LOCKDESK_DATA_DIR: dataDir,
      LOCKDESK_WEB_DIST: join(dataDir, 'no-console'),
      LOCKDESK_SHUTDOWN_GRACE_MS: String(graceMs),
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started: Started = { child, url: '', output, exit };
  running.push(started);
  started.url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /LockDesk console: (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    void exit.then((code) =>
      reject(new Error(`the server exited (${code}) before listening:\n${output.join('')}`)),
    );
  });
  return started;
}

/** A plain GET on a connection of its own (no keep-alive): status and body, or the connection error's code. */
function get(url: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
}

/** Polls the server's /health until `check` holds (the test's timeout bounds the wait); fails if it exits first. */
async function until(
  server: Started,
  check: (answer: Awaited<ReturnType<typeof get>>) => boolean,
): Promise<Awaited<ReturnType<typeof get>>> {
  for (;;) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`the server exited (${server.child.exitCode ?? server.child.signalCode}) too early`);
    const answer = await get(`${server.url}/health`);
    if (check(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The body of a login call for an account that does not exist (answered without touching scrypt). */
function loginBody(): string {
  const sealed = encryptEnvelope(
    { action: 'manage', mobile: '13900000999', password: 'nobody-here' },
    DEFAULT_ENVELOPE_KEYS,
  );
  if (!sealed.ok) throw new Error(sealed.detail);
  return JSON.stringify({ data: sealed.value, language: 'en' });
}

/**
 * A /manage/login call whose body is sent in two parts: the headers and the first half now, the rest when `finish`
 * is called. Until then the call is in flight on the server.
 */
function slowLogin(base: string): { finish: () => void; answer: Promise<{ status: number; body: string }> } {
  const body = loginBody();
  const half = Math.floor(body.length / 2);
  const request = http.request(new URL('/manage/login', base), {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      language: languageHeader('en'),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.flushHeaders();
  request.write(body.slice(0, half));
  return { finish: () => request.end(body.slice(half)), answer };
}

async function login(base: string) {
  const response = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const body = loginBody();
    const request = http.request(new URL('/manage/login', base), {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', language: languageHeader('en') },
    });
    request.on('response', (r) => {
      let text = '';
      r.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      r.on('end', () => resolve({ status: r.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
  return openAnswer(response.body, response.status);
}

describe('lockdesk-server start: graceful shutdown', () => {
  it('on SIGTERM: /health 503 at once, calls answered during the grace, a call in flight finishes, exit 0', async () => {
    const server = await startCli(1500);
    expect(await get(`${server.url}/health`)).toEqual({ status: 200, body: '{"status":"ok"}' });
    const before = await login(server.url);
    expect(before.errno).not.toBe(0);

    const slow = slowLogin(server.url);
    // A round trip on another connection: the slow call's headers have reached the server by then.
    expect(await get(`${server.url}/health`)).toMatchObject({ status: 200 });
    server.child.kill('SIGTERM');

    expect(await until(server, (a) => 'status' in a && a.status === 503)).toEqual({
      status: 503,
      body: '{"status":"shutting down"}',
    });
    // During the grace the replica still answers calls (the proxy has not taken it out yet).
    const during = await login(server.url);
    expect({ errno: during.errno, errmsg: during.errmsg }).toEqual({
      errno: before.errno,
      errmsg: before.errmsg,
    });

    // Once the app closes, new connections are refused; the call in flight is still answered.
    await until(server, (a) => 'error' in a);
    expect(server.child.exitCode).toBeNull();
    slow.finish();
    const answered = await slow.answer;
    expect(answered.status).toBe(200);
    const opened = openAnswer(answered.body, answered.status);
    expect({ errno: opened.errno, errmsg: opened.errmsg }).toEqual({
      errno: before.errno,
      errmsg: before.errmsg,
    });

    expect(await server.exit).toBe(0);
    expect(server.output.join('')).toContain('shutting down');
  });

  it('a second signal exits at once, without waiting for the grace', async () => {
    const server = await startCli(600_000);
    server.child.kill('SIGTERM');
    await until(server, (a) => 'status' in a && a.status === 503);
    server.child.kill('SIGINT');
    expect(await server.exit).toBe(1);
    expect(server.output.join('')).toContain('SIGINT again: exiting without waiting');
  });
});
