import { readBrokerCommand, replyWithId } from '@lockdesk/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CardServiceError, formatCardError } from './errors.ts';
import { LocalServiceReader } from './localService.ts';
import { RECONNECT_NOTICE, RemoteReader } from './remoteReader.ts';
import { frameOfReport, SecondReader } from './secondReader.ts';
import { fakeDevice, spoilChecksum } from './testing/fakeDevice.ts';
import { FakeMqtt } from './testing/fakeMqtt.ts';
import { ThirdReader } from './thirdReader.ts';
import type { ReaderInfo } from './types.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

async function settle<T>(promise: Promise<T>, ms = 30_000): Promise<T | CardServiceError> {
  const settled = promise.then(
    (v) => v,
    (e: CardServiceError) => e,
  );
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

type Handler = (path: string, body: Record<string, unknown>, signal: AbortSignal) => Promise<unknown>;

/** A fetch that answers with `handler` (JSON), honouring the abort signal like the real one. */
function fakeFetch(handler: Handler) {
  const calls: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ url, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const signal = init?.signal ?? new AbortController().signal;
    const answer = await new Promise<unknown>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      handler(new URL(url).pathname, body, signal).then(resolve, reject);
    });
    return new Response(JSON.stringify(answer), { status: 200 });
  }) as typeof fetch;
  return { impl, calls };
}

const never = () => new Promise<unknown>(() => {});

describe('local reader service (type 1)', () => {
  it('posts {func, cbdata, parameters} to /reader as a simple request and returns the data', async () => {
    const { impl, calls } = fakeFetch(async (_p, body) => ({
      func: body['func'],
      cbdata: body['cbdata'],
      code: 1,
      msg: 'success',
      retval: 0,
      data: { uid: '11223344', block: 54, data: 'AB'.repeat(16) },
    }));
    const reader = new LocalServiceReader({ baseUrl: 'http://127.0.0.1:13570/', fetch: impl });
    expect(await settle(reader.readBlock(54, 'FFFFFFFFFFFF'))).toBe('AB'.repeat(16));
    expect(calls[0]?.url).toBe('http://127.0.0.1:13570/reader');
    expect(calls[0]?.body).toMatchObject({
      func: 'readBlock',
      parameters: { block: 54, key: 'FFFFFFFFFFFF', keyType: 'A' },
    });
    expect(typeof calls[0]?.body['cbdata']).toBe('string');
    expect(calls[0]?.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('waits 2 s for a read and 5 s for a write, then "device not responding, check connection"', async () => {
    const started: number[] = [];
    const { impl } = fakeFetch(() => {
      started.push(Date.now());
      return never();
    });
    const reader = new LocalServiceReader({ fetch: impl });
    const t0 = Date.now();
    const read = reader.findCard().catch((e: CardServiceError) => ({ e, at: Date.now() - t0 }));
    await vi.advanceTimersByTimeAsync(1_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await read).toMatchObject({ e: { code: 'DEVICE_NOT_RESPONDING' }, at: 2_000 });
    const t1 = Date.now();
    const write = reader
      .writeBlock(4, 'FFFFFFFFFFFF', '00'.repeat(16))
      .catch((e: CardServiceError) => ({ e, at: Date.now() - t1 }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await write).toMatchObject({ e: { code: 'DEVICE_NOT_RESPONDING' }, at: 5_000 });
  });

  it('no gateway: "API call failed, check the server software is running"', async () => {
    const reader = new LocalServiceReader({
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    const failure = await settle(reader.connect());
    expect(failure).toMatchObject({ code: 'API_CALL_FAILED' });
    expect(formatCardError(failure)).toBe('API call failed, check the server software is running');
  });

  it('a refusal shows its msg; a return value shows "… error code …" with the card request hint', async () => {
    const { impl } = fakeFetch(async (_p, body) =>
      body['func'] === 'requestCard'
        ? { code: 1, msg: 'operation failed: requestCard status 08', retval: 8, error: 'OPERATION_FAILED' }
        : { code: 0, msg: 'Device not turned on', retval: -1, error: 'DEVICE_NOT_OPEN' },
    );
    const reader = new LocalServiceReader({ fetch: impl });
    const refused = await settle(reader.findCard());
    expect(refused).toMatchObject({ code: 'DEVICE_NOT_OPEN' });
    expect(formatCardError(refused)).toBe('Device not turned on');
    const failed = await settle(reader.requestCard('1'));
    expect(failed).toMatchObject({ code: 'OPERATION_FAILED', retval: 8, hint: 'HINT_REQUEST_CARD' });
    expect(formatCardError(failed)).toBe(
      'operation failed: requestCard status 08 error code 8 (check the card is on the dispenser)',
    );
  });

  it('a cancelled call is "operation cancelled", not a failure of the reader', async () => {
    const { impl } = fakeFetch(never);
    const reader = new LocalServiceReader({ fetch: impl });
    const controller = new AbortController();
    const call = settle(reader.findCard(controller.signal), 0);
    controller.abort();
    expect(await call).toMatchObject({ code: 'OPERATION_CANCELLED', cancelled: true });
  });
});

describe('second reader (type 2): frames built and checked in the browser', () => {
  const device = fakeDevice({ uid: '11223344' });

  it('opens vid 1047 / pid 32800, then writes command frames and reads the padded reply', async () => {
    const { impl, calls } = fakeFetch(async (path, body) =>
      path === '/open'
        ? {
            code: 1,
            msg: 'success',
            data: { vid: 1047, pid: 32800, transport: 'simulated', simulated: true },
          }
        : { code: 1, msg: 'success', data: device(String(body['data'])).padEnd(128, '0') },
    );
    const reader = new SecondReader({ baseUrl: 'http://127.0.0.1:13571', fetch: impl });
    const info = (await settle(reader.connect())) as ReaderInfo;
    expect(info).toMatchObject({ kind: 2, simulated: true });
    expect(calls[0]).toMatchObject({ url: 'http://127.0.0.1:13571/open', body: { vid: 1047, pid: 32800 } });
    expect(await settle(reader.findCard())).toEqual({ uid: '11223344', cardType: 8 });
    expect(calls[1]?.body).toEqual({ data: 'A50410B1', timeout: 1_800, readlength: 64 });
    await settle(reader.writeBlock(4, 'FFFFFFFFFFFF', '00'.repeat(16)));
    // authenticate then write; the write gets the 5 s budget.
    expect(calls.slice(2).map((c) => String(c.body['data']).slice(4, 6))).toEqual(['12', '14']);
    expect(calls[3]?.body['timeout']).toBe(4_800);
  });

  it('a reply with a bad checksum yields no result (BAD_CHECKSUM)', async () => {
    const { impl } = fakeFetch(async (_p, body) => ({
      code: 1,
      msg: 'success',
      data: spoilChecksum(device(String(body['data']))),
    }));
    const reader = new SecondReader({ fetch: impl });
    expect(await settle(reader.readBlock(54, 'FFFFFFFFFFFF'))).toMatchObject({ code: 'BAD_CHECKSUM' });
  });

  it('a find-card status other than 00 is "No card detected!"', async () => {
    const empty = fakeDevice({ uid: null });
    const { impl } = fakeFetch(async (_p, body) => ({
      code: 1,
      msg: 'success',
      data: empty(String(body['data'])),
    }));
    expect(await settle(new SecondReader({ fetch: impl }).findCard())).toMatchObject({ code: 'NO_CARD' });
  });

  it('cuts the frame out of a zero-padded report by its length byte', () => {
    expect(frameOfReport(`5a0b021000081122334400${'0'.repeat(100)}`)).toBe('5A0B0210000811223344' + '00');
  });
});

/** A WebSocket stand-in: the test plays the gateway. */
class FakeSocket extends EventTarget {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  constructor(readonly url: string) {
    super();
  }
  open(hello: unknown = { version: '0.1.0', online: true, transport: 'simulated', simulated: true }) {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
    this.push({ event: 'hello', data: hello, time: 'now' });
  }
  push(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  answer(func: string, answer: Record<string, unknown>) {
    const request = [...this.sent].reverse().find((m) => m['func'] === func);
    this.push({ func, cbdata: request?.['cbdata'], ...answer });
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
}

describe('third reader (type 3): the WebSocket on 39002', () => {
  it('learns from hello that the encoder is simulated, answers calls by cbdata, and says when the encoder goes', async () => {
    let socket: FakeSocket | undefined;
    const infos: Partial<ReaderInfo>[] = [];
    const reader = new ThirdReader({
      socket: (url) => {
        socket = new FakeSocket(url);
        return socket as unknown as WebSocket;
      },
      onInfo: (i) => infos.push(i),
    });
    const connecting = reader.connect();
    await vi.advanceTimersByTimeAsync(0);
    socket!.open();
    await vi.advanceTimersByTimeAsync(0);
    expect(socket!.sent[0]).toMatchObject({ func: 'open' });
    socket!.answer('open', { code: 1, msg: 'success', retval: 0, data: { transport: 'simulated' } });
    expect(await connecting).toMatchObject({ kind: 3, online: true, simulated: true });
    expect(infos[0]).toMatchObject({ simulated: true });
    socket!.push({ event: 'deviceDown', data: {}, time: 'now' });
    expect(infos.at(-1)).toEqual({ online: false });
    expect(socket!.url).toBe('ws://127.0.0.1:39002');
  });

  it('reads with goReadCard and cancels it with cancelReadCard', async () => {
    let socket: FakeSocket | undefined;
    const reader = new ThirdReader({
      socket: (url) => {
        socket = new FakeSocket(url);
        queueMicrotask(() => socket?.open());
        return socket as unknown as WebSocket;
      },
    });
    const read = reader.goReadCard();
    await vi.advanceTimersByTimeAsync(10);
    socket!.answer('goReadCard', {
      code: 1,
      retval: 0,
      msg: 'success',
      data: { uid: 'aabbccdd', cardType: 8, block54: 'ab'.repeat(16), attempts: 3 },
    });
    expect(await read).toEqual({ uid: 'AABBCCDD', cardType: 8, block54: 'AB'.repeat(16), attempts: 3 });

    const controller = new AbortController();
    const cancelled = settle(reader.goReadCard(controller.signal), 10);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    expect(await cancelled).toMatchObject({ cancelled: true });
    expect(socket!.sent.at(-1)).toMatchObject({ func: 'cancelReadCard' });
  });

  it('no gateway: "Please connect the device first"', async () => {
    const reader = new ThirdReader({
      socket: (url) => {
        const s = new FakeSocket(url);
        queueMicrotask(() => s.close());
        return s as unknown as WebSocket;
      },
    });
    expect(await settle(reader.connect())).toMatchObject({ code: 'CONNECT_DEVICE_FIRST' });
  });
});

function remote(options: Partial<ConstructorParameters<typeof RemoteReader>[0]> = {}) {
  const client = new FakeMqtt();
  const connect = vi.fn(() => client.asClient());
  const infos: Partial<ReaderInfo>[] = [];
  const reader = new RemoteReader({
    deviceId: '041780200001',
    brokerUrl: 'wss://broker.example:8084/mqtt',
    connect,
    onInfo: (i) => infos.push(i),
    ...options,
  });
  return { client, connect, reader, infos };
}

describe('remote reader (type 4): the broker', () => {
  it('publishes each command as hex on the send topic at QoS 1 and reads the reply on the receive topic', async () => {
    const { client, connect, reader } = remote();
    const device = fakeDevice({ uid: '11223344' });
    const found = reader.findCard();
    await vi.advanceTimersByTimeAsync(0);
    expect(connect).toHaveBeenCalledWith(
      'wss://broker.example:8084/mqtt',
      expect.objectContaining({ reconnectPeriod: 5_000, clean: true }),
    );
    client.up();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.subscribed).toEqual([
      'lockdesk/receive/041780200001@1',
      'lockdesk/heartbeat/041780200001@1',
      'lockdesk/state/041780200001@1',
    ]);
    expect(client.published).toEqual([{ topic: 'lockdesk/send/041780200001', payload: 'A50410B1', qos: 1 }]);
    client.reply(device('A50410B1'));
    expect(await found).toEqual({ uid: '11223344', cardType: 8 });
  });

  it('waits 10 s for a reply, then "response timeout"', async () => {
    const { client, reader } = remote();
    const t0 = Date.now();
    const found = reader.findCard().catch((e: CardServiceError) => ({ e, at: Date.now() - t0 }));
    await vi.advanceTimersByTimeAsync(0);
    client.up();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await found).toMatchObject({ e: { code: 'BROKER_RESPONSE_TIMEOUT' }, at: 10_000 });
  });

  it('"connection timeout" when the broker does not take the connection', async () => {
    const { reader } = remote();
    expect(await settle(reader.findCard(), 10_000)).toMatchObject({ code: 'BROKER_CONNECTION_TIMEOUT' });
  });

  it('shows "Trying to reconnect..." while the connection comes back, and clears it once connected', async () => {
    const { client, reader, infos } = remote();
    void reader.attach();
    await vi.advanceTimersByTimeAsync(0);
    client.up();
    client.connected = false;
    client.emit('close');
    expect(infos.at(-1)).toEqual({ online: false, notice: RECONNECT_NOTICE });
    expect(RECONNECT_NOTICE).toBe('Trying to reconnect...');
    client.emit('reconnect');
    expect(infos.at(-1)).toMatchObject({ notice: 'Trying to reconnect...' });
    client.up();
    expect(infos.at(-1)).toMatchObject({ notice: undefined });
  });

  it('watches the heartbeat: an offline encoder is "device not connected" without waiting', async () => {
    const { client, reader, infos } = remote();
    void reader.attach();
    await vi.advanceTimersByTimeAsync(0);
    client.up();
    client.emit(
      'message',
      'lockdesk/heartbeat/041780200001',
      Buffer.from(JSON.stringify({ deviceId: '041780200001', encoder: 'offline' })),
    );
    expect(infos.at(-1)).toEqual({ online: false });
    expect(await settle(reader.findCard(), 0)).toMatchObject({ code: 'BROKER_DEVICE_NOT_CONNECTED' });
  });

  it('takes one answer per command: a repeated answer is never taken for the next command', async () => {
    const { client, reader } = remote();
    let uid = '11223344';
    // The gateway's bridge: runs the frame on the encoder and answers a command that has an id with that id.
    const bridge = (payload: string) => {
      const command = readBrokerCommand(payload);
      if (!command.ok) throw new Error(command.detail);
      return replyWithId(fakeDevice({ uid })(command.value.hex), command.value.id);
    };
    void reader.attach();
    await vi.advanceTimersByTimeAsync(0);
    client.up();
    // The retained online state of a bridge that takes command ids.
    client.state({ state: 'online', transport: 'simulated', simulated: true, commandIds: true });
    const first = reader.findCard();
    await vi.advanceTimersByTimeAsync(0);
    client.reply(bridge(client.published.at(-1)!.payload));
    expect(await first).toEqual({ uid: '11223344', cardType: 8 });
    // Another card on the encoder, the same command again; the broker hands over the first answer once more
    // (QoS 1 after a restart) before the answer of this one.
    uid = 'A1A2A3A4';
    const second = reader.findCard();
    await vi.advanceTimersByTimeAsync(0);
    client.duplicate();
    client.reply(bridge(client.published.at(-1)!.payload));
    expect(await second).toEqual({ uid: 'A1A2A3A4', cardType: 8 });
    // A late copy of either answer while nothing waits, or of an earlier one while a command waits, is dropped.
    client.duplicate();
    const third = reader.findCard();
    await vi.advanceTimersByTimeAsync(0);
    client.reply(client.replies[0]!);
    client.duplicate();
    uid = 'B1B2B3B4';
    client.reply(bridge(client.published.at(-1)!.payload));
    expect(await third).toEqual({ uid: 'B1B2B3B4', cardType: 8 });
    // Each command went out once, each with its own id.
    const ids = client.published.map((p) => (JSON.parse(p.payload) as { id: string }).id);
    expect(new Set(ids).size).toBe(3);
  });

  it('sends the spec’s bare hex to a bridge that does not say it takes command ids', async () => {
    const { client, reader } = remote();
    client.autoReply = fakeDevice({ uid: '11223344' });
    const found = reader.findCard();
    await vi.advanceTimersByTimeAsync(0);
    client.up();
    client.state({ state: 'online', transport: 'hid', simulated: false });
    expect(await found).toEqual({ uid: '11223344', cardType: 8 });
    expect(client.published.map((p) => p.payload)).toEqual(['A50410B1']);
  });

  it("the bridge's own refusals and a spoiled reply", async () => {
    const { client, reader } = remote();
    const device = fakeDevice({ uid: '11223344' });
    const first = reader.findCard();
    await vi.advanceTimersByTimeAsync(0);
    client.up();
    await vi.advanceTimersByTimeAsync(0);
    client.reply(JSON.stringify({ error: 'BROKER_INVALID_HEX', msg: 'invalid hex format' }));
    expect(await settle(first, 0)).toMatchObject({ code: 'BROKER_INVALID_HEX' });
    const second = reader.findCard();
    await vi.advanceTimersByTimeAsync(0);
    client.reply(spoilChecksum(device('A50410B1')));
    expect(await settle(second, 0)).toMatchObject({ code: 'BAD_CHECKSUM' });
  });

  it("says 'simulated' when the bridge's online state or heartbeat does, and keeps it through an offline state", async () => {
    const { client, reader, infos } = remote();
    void reader.attach();
    await vi.advanceTimersByTimeAsync(0);
    client.up();
    // The retained state the broker hands over on subscribe.
    client.state({ state: 'online', transport: 'simulated', simulated: true });
    expect(infos.at(-1)).toEqual({ online: true, simulated: true });
    expect(reader.simulated).toBe(true);
    // The last will names no encoder: the last word on it stands.
    client.state({ state: 'offline', reason: 'gateway gone' });
    expect(infos.at(-1)).toEqual({ online: false });
    expect(reader.simulated).toBe(true);
    client.heartbeat({ transport: 'hid', simulated: false });
    expect(infos.at(-1)).toEqual({ online: true, simulated: false });
    client.heartbeat({ transport: 'simulated' });
    expect(infos.at(-1)).toEqual({ online: true, simulated: true });
    // An older gateway says nothing about it; a payload that is not the bridge's is ignored.
    client.heartbeat({ encoder: 'offline' });
    expect(infos.at(-1)).toEqual({ online: false });
    const seen = infos.length;
    client.emit('message', 'lockdesk/state/041780200001', Buffer.from(''));
    client.emit('message', 'lockdesk/state/041780200001', Buffer.from('null'));
    expect(infos).toHaveLength(seen);
    expect(reader.simulated).toBe(true);
  });

  it('connect answers what the bridge said about its encoder (simulated), and null when it has not said', async () => {
    const device = fakeDevice({ uid: '11223344' });
    const simulated = remote();
    simulated.client.autoReply = device;
    const info = simulated.reader.connect();
    await vi.advanceTimersByTimeAsync(0);
    simulated.client.up();
    simulated.client.state({ state: 'online', transport: 'simulated', simulated: true });
    expect(await info).toMatchObject({ kind: 4, online: true, simulated: true, deviceId: '041780200001' });
    const older = remote();
    older.client.autoReply = device;
    const olderInfo = older.reader.connect();
    await vi.advanceTimersByTimeAsync(0);
    older.client.up();
    expect(await olderInfo).toMatchObject({ online: true, simulated: null });
  });

  it('hands every heartbeat of its device to onHeartbeat, with the encoder state and whether it is simulated', async () => {
    const beats: unknown[] = [];
    const { client, reader } = remote({ onHeartbeat: (beat) => beats.push(beat) });
    void reader.attach();
    await vi.advanceTimersByTimeAsync(0);
    client.up();
    client.state({ state: 'online', transport: 'hid', simulated: false });
    expect(beats).toEqual([]);
    client.heartbeat({ transport: 'hid', simulated: false });
    client.heartbeat({ encoder: 'offline', transport: 'simulated', simulated: true });
    client.emit(
      'message',
      'lockdesk/heartbeat/A1B2C3D4E5F6',
      Buffer.from(JSON.stringify({ deviceId: 'A1B2C3D4E5F6', encoder: 'online' })),
    );
    expect(beats).toEqual([
      { deviceId: '041780200001', encoderOnline: true, simulated: false },
      { deviceId: '041780200001', encoderOnline: false, simulated: true },
    ]);
  });

  it('a device id that is not 12 hex is refused before connecting', async () => {
    const { reader, connect } = remote({ deviceId: '12345' });
    expect(await settle(reader.findCard(), 0)).toMatchObject({ code: 'BROKER_INVALID_DEVICE_ID' });
    expect(connect).not.toHaveBeenCalled();
  });
});
