import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { type RunningGateway, startGateway } from '../src/gateway.js';
import { silentLogger } from '../src/log.js';

let gateway: RunningGateway;

beforeAll(async () => {
  gateway = await startGateway(
    {
      transport: 'simulated',
      readerPort: 0,
      rawPort: 0,
      websocketPort: 0,
      simulatorPort: 0,
      cardWatchIntervalMs: 20,
    },
    {
      logger: silentLogger(),
      timing: {
        ledRedAfterMs: 10,
        readAfterReadyMs: 10,
        pollIntervalMs: 10,
        findThenReadMs: 10,
        fingerPollMs: 10,
      },
    },
  );
});
afterAll(async () => {
  await gateway?.close();
});
afterEach(() => {
  vi.useRealTimers();
  gateway.simulator?.clearFaults();
  gateway.simulator?.replug();
});

type Message = Record<string, unknown> & { event?: string; func?: string; cbdata?: unknown };

/** A console-side WebSocket client that queues every message for the test to wait on. */
class Client {
  readonly messages: Message[] = [];
  private waiters: Array<{ match: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as Message;
      this.messages.push(message);
      for (const waiter of [...this.waiters]) {
        if (waiter.match(message)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
    });
  }
  static async connect(origin?: string): Promise<Client> {
    const socket = new WebSocket(gateway.addresses.websocket, origin ? { origin } : {});
    const client = new Client(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }
  /** The first message, already received or still to come, that matches. */
  next(match: (m: Message) => boolean): Promise<Message> {
    const seen = this.messages.find(match);
    if (seen) {
      this.messages.splice(this.messages.indexOf(seen), 1);
      return Promise.resolve(seen);
    }
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
  call(func: string, parameters?: unknown, cbdata: unknown = func): Promise<Message> {
    this.socket.send(JSON.stringify({ func, cbdata, parameters }));
    return this.next((m) => m.func === func && JSON.stringify(m.cbdata) === JSON.stringify(cbdata));
  }
  close(): void {
    this.socket.close();
  }
}

describe('reader WebSocket', () => {
  it('greets with the encoder kind, so the console can show that it is simulated', async () => {
    const client = await Client.connect('http://127.0.0.1:8080');
    const hello = await client.next((m) => m.event === 'hello');
    expect(hello).toMatchObject({
      event: 'hello',
      data: { simulated: true, transport: 'simulated', online: true },
    });
    client.close();
  });

  it('runs the reader functions as messages, with func and cbdata echoed', async () => {
    const client = await Client.connect();
    expect(await client.call('open', undefined, { id: 9 })).toMatchObject({
      func: 'open',
      cbdata: { id: 9 },
      code: 1,
    });
    expect(await client.call('readBlock', { block: 4 })).toMatchObject({ code: 0, msg: 'Key is required' });
    client.close();
  });

  it('refuses malformed messages and unknown functions without dropping the connection', async () => {
    const client = await Client.connect();
    client.socket.send('{not json');
    expect(await client.next((m) => m.error === 'DATA_PARSE_FAILED')).toMatchObject({ code: 0 });
    client.socket.send('[1,2]');
    expect(await client.next((m) => m.error === 'DATA_PARSE_FAILED')).toMatchObject({ code: 0 });
    expect(await client.call('selfDestruct')).toMatchObject({
      code: 0,
      msg: 'unknown function: selfDestruct',
    });
    expect(await client.call('status')).toMatchObject({ code: 1 });
    client.close();
  });

  it('closes a connection that sends a message over the size limit, and serves the next one', async () => {
    const client = await Client.connect();
    const closed = new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code)));
    client.socket.send(JSON.stringify({ func: 'status', pad: 'x'.repeat(gateway.config.bodyLimitBytes) }));
    // 1009: message too big.
    expect(await closed).toBe(1009);
    const next = await Client.connect();
    expect(await next.call('status')).toMatchObject({ code: 1 });
    next.close();
  });

  it('refuses a connection from an origin that is not the console', async () => {
    const socket = new WebSocket(gateway.addresses.websocket, { origin: 'https://evil.example' });
    const status = await new Promise<number>((resolve) => {
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('error', () => resolve(-1));
    });
    expect(status).toBe(403);
  });

  it('pushes card placed and removed, device down and up', async () => {
    const client = await Client.connect();
    gateway.simulator!.removeCard();
    gateway.simulator!.placeBlankCard({ uid: '77665544' });
    expect(await client.next((m) => m.event === 'cardPlaced')).toMatchObject({ data: { uid: '77665544' } });
    gateway.simulator!.removeCard();
    expect(await client.next((m) => m.event === 'cardRemoved')).toMatchObject({ data: { uid: '77665544' } });
    gateway.simulator!.unplug();
    expect(await client.next((m) => m.event === 'deviceDown')).toMatchObject({ data: { online: false } });
    gateway.simulator!.replug();
    expect(await client.next((m) => m.event === 'deviceUp')).toMatchObject({ data: { online: true } });
    client.close();
  });

  it('goReadCard runs the whole card read and sends the result', async () => {
    gateway.simulator!.placeBlankCard({ uid: '10203040' });
    const client = await Client.connect();
    const reply = await client.call('goReadCard', undefined, 'read-1');
    expect(reply).toMatchObject({
      func: 'goReadCard',
      cbdata: 'read-1',
      code: 1,
      retval: 0,
      data: { uid: '10203040', attempts: 1 },
    });
    client.close();
  });

  it('refuses a second read within the 2000 ms lockout, and a later read cancels one in progress', async () => {
    gateway.simulator!.removeCard();
    vi.useFakeTimers({ toFake: ['Date'] });
    const client = await Client.connect();
    const first = client.call('goReadCard', undefined, 'first');
    const refused = await client.call('goReadCard', undefined, 'too-soon');
    expect(refused).toMatchObject({
      code: 0,
      error: 'READ_TOO_FREQUENT',
      msg: 'Card reading in progress, please do not click too often',
    });
    vi.setSystemTime(Date.now() + 2_000);
    const second = client.call('goReadCard', undefined, 'second');
    expect(await first).toMatchObject({
      code: 0,
      error: 'CARD_READ_CANCELLED',
      msg: 'Card read operation cancelled',
    });
    const cancelled = await client.call('cancelReadCard');
    expect(cancelled).toMatchObject({ code: 1, data: { cancelled: true } });
    expect(await second).toMatchObject({
      code: 0,
      error: 'READ_CARD_CANCELLED',
      msg: 'read card operation cancelled',
    });
    client.close();
  });
});

describe('fingerprint enrolment on the reader WebSocket (contract F)', () => {
  const press = async () => {
    const response = await fetch(`${gateway.addresses.simulator}/sim/finger`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const step = (client: Client, name: string, cbdata: unknown) =>
    client.next((m) => m.event === 'fingerStep' && m['step'] === name && m.cbdata === cbdata);

  it('pushes fingerStep press, pressAgain, captured to every client and answers the template', async () => {
    const client = await Client.connect();
    const watcher = await Client.connect();
    expect(await client.call('open')).toMatchObject({ code: 1 });
    const reply = client.call('enrollFinger', { timeout: 10_000 }, 'enrol-1');
    expect(await step(client, 'press', 'enrol-1')).toMatchObject({ data: { step: 'press' } });
    expect(await press()).toMatchObject({ ok: true, msg: 'finger pressed: pressAgain' });
    await step(client, 'pressAgain', 'enrol-1');
    expect(await press()).toMatchObject({ ok: true, state: { finger: { step: 'captured' } } });
    await step(client, 'captured', 'enrol-1');
    expect(await reply).toMatchObject({ func: 'enrollFinger', cbdata: 'enrol-1', code: 1, retval: 0 });
    const data = (await reply).data as { template: string; quality: number };
    expect(data.template).toMatch(/^[0-9A-F]{512}$/);
    expect(data.quality).toBeGreaterThanOrEqual(60);
    // Another console tab sees the same steps.
    for (const name of ['press', 'pressAgain', 'captured']) await step(watcher, name, 'enrol-1');
    client.close();
    watcher.close();
  });

  it('cancel aborts a running enrolment with a cancellation error and stops the sensor', async () => {
    const client = await Client.connect();
    await client.call('open');
    const reply = client.call('enrollFinger', {}, 'enrol-2');
    await step(client, 'press', 'enrol-2');
    expect(await client.call('cancel')).toMatchObject({ func: 'cancel', code: 1, data: { cancelled: true } });
    expect(await reply).toMatchObject({
      code: 0,
      error: 'FINGER_ENROLL_CANCELLED',
      msg: 'Fingerprint enrolment cancelled',
    });
    await vi.waitFor(() => expect(gateway.simulator!.state().finger.step).toBe('idle'));
    // Nothing waits for a finger now.
    expect(await press()).toMatchObject({ ok: false, error: 'FINGER_ENROLL_FAILED' });
    client.close();
  });

  it('an enrolment called over HTTP /reader pushes its steps on the WebSocket too', async () => {
    const client = await Client.connect();
    await client.call('open');
    const answer = fetch(`${gateway.addresses.reader}/reader`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ func: 'enrollFinger', cbdata: 'http-1', parameters: { timeout: 10_000 } }),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
    await step(client, 'press', 'http-1');
    await press();
    await press();
    await step(client, 'captured', 'http-1');
    expect(await answer).toMatchObject({ func: 'enrollFinger', cbdata: 'http-1', code: 1, retval: 0 });
    client.close();
  });
});

describe('reader WebSocket port taken by another program', () => {
  it('stops the start with the listen error instead of an uncaught exception', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
    const port = (blocker.address() as AddressInfo).port;
    try {
      await expect(
        startGateway(
          { transport: 'simulated', readerPort: 0, rawPort: 0, websocketPort: port, simulatorPort: 0 },
          { logger: silentLogger() },
        ),
      ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });
});
