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
      timing: { ledRedAfterMs: 10, readAfterReadyMs: 10, pollIntervalMs: 10, findThenReadMs: 10 },
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
  }, 10_000);
});
