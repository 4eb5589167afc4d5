import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { blankCard, bytesToHex, encodeCommand, exportDump, importDump } from '@lockdesk/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      bodyLimitBytes: 4096,
    },
    { logger: silentLogger() },
  );
});
afterAll(async () => {
  await gateway?.close();
});

async function reader(func: string, parameters?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${gateway.addresses.reader}/reader`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ func, cbdata: 'cb', parameters }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function control(method: string, path: string, body?: unknown) {
  const response = await fetch(`${gateway.addresses.simulator}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return (await response.json()) as Record<string, unknown>;
}

function frameHex(command: Parameters<typeof encodeCommand>[0]): string {
  const frame = encodeCommand(command);
  if (!frame.ok) throw new Error(frame.detail);
  return bytesToHex(frame.value);
}

/** A raw request with full control of the headers (fetch will not send a foreign Host). */
function rawRequest(
  port: number,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

describe('reader service over HTTP (simulated encoder)', () => {
  it('GET /health: device state, transport kind, broker state, version, uptime', async () => {
    const response = await fetch(`${gateway.addresses.reader}/health`);
    const health = await response.json();
    expect(health).toMatchObject({
      status: 'ok',
      version: expect.any(String),
      uptimeSeconds: expect.any(Number),
      device: { state: 'online', transport: 'simulated', simulated: true },
      broker: { state: 'disabled' },
    });
  });

  it('answers {func, cbdata, code, msg, retval, data} through a whole card session', async () => {
    await control('POST', '/card', { blank: true, uid: '5A5A5A5A' });
    expect((await reader('findCard')).body).toMatchObject({ code: 0, error: 'DEVICE_NOT_OPEN' });
    expect((await reader('open')).body).toMatchObject({ func: 'open', cbdata: 'cb', code: 1, retval: 0 });
    expect((await reader('findCard')).body).toMatchObject({ code: 1, retval: 0, data: { uid: '5A5A5A5A' } });
    const data = '11'.repeat(16);
    expect((await reader('writeBlock', { block: 1, key: 'FFFFFFFFFFFF', data })).body).toMatchObject({
      code: 1,
      retval: 0,
    });
    expect((await reader('readBlock', { block: 1, key: 'FFFFFFFFFFFF' })).body).toMatchObject({
      data: { data },
    });
    expect((await reader('readBlock', { block: 1 })).body).toMatchObject({ code: 0, msg: 'Key is required' });
  });

  it('a bad checksum from the device is a clear error, and the next call works', async () => {
    await reader('open');
    await control('POST', '/fault', { kind: 'bad-checksum' });
    expect((await reader('findCard')).body).toMatchObject({
      code: 0,
      error: 'BAD_CHECKSUM',
      msg: 'response checksum mismatch',
    });
    expect((await reader('findCard')).body).toMatchObject({ code: 1 });
  });

  it('an encoder unplugged in the middle of a write: a clear error, then the card state is read back', async () => {
    await reader('open');
    await control('POST', '/card', { blank: true });
    await control('POST', '/fault', { kind: 'unplug-mid-write' });
    const data = 'AB'.repeat(16);
    const write = await reader('writeBlock', { block: 2, key: 'FFFFFFFFFFFF', data });
    expect(write.body).toMatchObject({
      code: 0,
      error: 'DEVICE_NOT_FOUND',
      data: { written: 'unknown', block: 2 },
    });
    const health = await (await fetch(`${gateway.addresses.reader}/health`)).json();
    expect(health).toMatchObject({ device: { state: 'offline' } });
    expect((await reader('readBlock', { block: 2, key: 'FFFFFFFFFFFF' })).body).toMatchObject({
      code: 0,
      error: 'DEVICE_NOT_FOUND',
    });
    await control('POST', '/replug');
    // A MIFARE write is atomic: the block holds the new data (the simulator carried the write out before going).
    expect((await reader('readBlock', { block: 2, key: 'FFFFFFFFFFFF' })).body).toMatchObject({
      code: 1,
      data: { data },
    });
  });

  it('loads a card from a dump through the control service', async () => {
    const card = blankCard('1K', 'C0FFEE00');
    if (!card.ok) throw new Error(card.detail);
    card.value.blocks[9] = Uint8Array.from(Buffer.from('00112233445566778899AABBCCDDEEFF', 'hex'));
    const dump = exportDump(card.value, 'mct');
    if (!dump.ok) throw new Error(dump.detail);
    const placed = await control('POST', '/card', { dump: dump.value, encoding: 'text' });
    expect(placed).toMatchObject({ ok: true, state: { card: { uid: 'C0FFEE00' }, simulated: true } });
    await reader('open');
    expect((await reader('readBlock', { block: 9, key: 'FFFFFFFFFFFF' })).body).toMatchObject({
      data: { data: '00112233445566778899AABBCCDDEEFF' },
    });
    const garbage = importDump('garbage');
    if (garbage.ok) throw new Error('garbage was taken for a dump');
    // The catalogue text already carries the detail: it is said once, not repeated in parentheses.
    expect(await control('POST', '/card', { dump: 'garbage', encoding: 'text' })).toEqual(
      expect.objectContaining({
        ok: false,
        error: 'DUMP_MALFORMED',
        msg: `malformed card dump: ${garbage.detail}`,
      }),
    );
    expect(await control('POST', '/card', { dump: 'garbage', format: 'floppy' })).toEqual(
      expect.objectContaining({ ok: false, error: 'FIELD_INVALID', msg: 'format is invalid' }),
    );
  });

  it('gives back a placed .eml or .bin dump byte for byte when the card is exported in the same format', async () => {
    const card = blankCard('1K', '5EED0001');
    if (!card.ok) throw new Error(card.detail);
    card.value.blocks[8] = Uint8Array.from(Buffer.from('00112233445566778899AABBCCDDEEFF', 'hex'));
    const blocks = card.value.blocks.map((block) => Buffer.from(block).toString('hex').toUpperCase());
    const bin = exportDump(card.value, 'bin');
    if (!bin.ok) throw new Error(bin.detail);
    const files: Array<[string, Buffer]> = [
      // The Proxmark3 client writes .eml without a newline after the last block.
      ['eml', Buffer.from(blocks.join('\n'))],
      ['eml', Buffer.from(`${blocks.join('\r\n').toLowerCase()}\r\n`)],
      ['bin', Buffer.from(bin.value)],
    ];
    for (const [format, file] of files) {
      const placed = await control('POST', '/card', { dump: file.toString('base64'), encoding: 'base64' });
      expect(placed).toMatchObject({ ok: true });
      const exported = await fetch(`${gateway.addresses.simulator}/card/dump?format=${format}`);
      expect(exported.status).toBe(200);
      expect(Buffer.from(await exported.arrayBuffer()).toString('hex'), format).toBe(file.toString('hex'));
    }
  });

  it('presses a finger through the control service (/sim/finger and /finger), one enrolment step each', async () => {
    expect(await control('POST', '/sim/finger', {})).toMatchObject({
      ok: false,
      error: 'FINGER_ENROLL_FAILED',
      msg: 'no enrolment is waiting for a finger',
    });
    expect(await control('POST', '/sim/finger', { quality: 101 })).toMatchObject({
      ok: false,
      error: 'FIELD_INVALID',
    });
    await reader('open');
    const enrolment = reader('enrollFinger', { timeout: 10_000 });
    await expect.poll(() => gateway.simulator!.state().finger.step).toBe('press');
    expect(await control('POST', '/finger', {})).toMatchObject({
      ok: true,
      state: { finger: { step: 'pressAgain' } },
    });
    expect(await control('POST', '/sim/finger', { quality: 77 })).toMatchObject({
      ok: true,
      state: { finger: { step: 'captured', quality: 77 } },
    });
    const { body } = await enrolment;
    expect(body).toMatchObject({
      func: 'enrollFinger',
      cbdata: 'cb',
      code: 1,
      data: { quality: 77, bytes: 256 },
    });
  });

  it('an enrolment whose HTTP caller goes away is cancelled, and the sensor stops waiting', async () => {
    await reader('open');
    const caller = new AbortController();
    const enrolment = fetch(`${gateway.addresses.reader}/reader`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ func: 'enrollFinger', parameters: { timeout: 60_000 } }),
      signal: caller.signal,
    }).catch((error: unknown) => error);
    await expect.poll(() => gateway.simulator!.state().finger.step).toBe('press');
    caller.abort();
    expect(await enrolment).toBeInstanceOf(Error);
    await expect.poll(() => gateway.simulator!.state().finger.step).toBe('idle');
  });

  it('the control page says the encoder is simulated', async () => {
    const page = await (await fetch(`${gateway.addresses.simulator}/`)).text();
    expect(page).toContain('SIMULATED ENCODER');
    expect(page).toContain(`call('POST','/sim/finger',{})">Press finger</button>`);
  });
});

describe('browser access rules', () => {
  it('answers the CORS and Private Network Access preflight for a console origin', async () => {
    const response = await rawRequest(gateway.addresses.readerPort, {
      method: 'OPTIONS',
      path: '/reader',
      headers: {
        host: `127.0.0.1:${gateway.addresses.readerPort}`,
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
        'access-control-request-private-network': 'true',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': 'http://localhost:5173',
      'access-control-allow-private-network': 'true',
      'access-control-allow-methods': expect.stringContaining('POST'),
      vary: 'Origin',
    });
  });

  it('refuses any other origin, in the preflight and in the call', async () => {
    const preflight = await rawRequest(gateway.addresses.readerPort, {
      method: 'OPTIONS',
      path: '/reader',
      headers: {
        host: `127.0.0.1:${gateway.addresses.readerPort}`,
        origin: 'https://evil.example',
        'access-control-request-private-network': 'true',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-private-network']).toBeUndefined();
    const call = await reader('status', undefined, { origin: 'https://evil.example' });
    expect(call.status).toBe(403);
    expect(call.body).toMatchObject({ code: 0, error: 'PERMISSION_DENIED' });
    const allowed = await reader('status', undefined, { origin: 'http://127.0.0.1:8080' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8080');
  });

  it('refuses a request whose Host is not loopback (DNS rebinding)', async () => {
    const response = await rawRequest(gateway.addresses.readerPort, {
      method: 'POST',
      path: '/reader',
      headers: { host: 'attacker.example:13570', 'content-type': 'application/json' },
      body: JSON.stringify({ func: 'status' }),
    });
    expect(response.status).toBe(403);
  });

  it('accepts JSON sent as text/plain, refuses malformed JSON and oversize bodies with a clear message', async () => {
    const plain = await fetch(`${gateway.addresses.reader}/reader`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ func: 'status' }),
    });
    expect(await plain.json()).toMatchObject({ code: 1, func: 'status' });
    const malformed = await fetch(`${gateway.addresses.reader}/reader`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"func": "status",',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      code: 0,
      error: 'DATA_PARSE_FAILED',
      msg: expect.stringMatching(/^malformed JSON/),
    });
    const array = await fetch(`${gateway.addresses.reader}/reader`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[{"func": "status"}]',
    });
    expect(array.status).toBe(400);
    expect(await array.json()).toMatchObject({
      code: 0,
      error: 'DATA_PARSE_FAILED',
      msg: 'the request body must be one JSON object',
    });
    const huge = await fetch(`${gateway.addresses.reader}/reader`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ func: 'status', parameters: { pad: 'x'.repeat(10_000) } }),
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 0, msg: 'request body too large' });
    const notFound = await fetch(`${gateway.addresses.reader}/nothing`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toMatchObject({
      code: 0,
      error: 'NOT_FOUND',
      msg: 'no such path: GET /nothing',
    });
  });

  it('still answers /health after 1,000 malformed requests', async () => {
    const bodies: Array<[string, string]> = [
      ['application/json', '{'],
      ['application/json', '[1,2,3]'],
      ['application/json', '"just a string"'],
      ['application/json', JSON.stringify({ func: 'nope' })],
      ['application/json', JSON.stringify({ func: 42 })],
      ['application/json', JSON.stringify({ func: 'readBlock', parameters: { block: -1, key: {} } })],
      ['application/json', JSON.stringify({ func: 'writeBlock', parameters: 'not json' })],
      [
        'application/json',
        JSON.stringify({ func: 'readBlock', parameters: { block: '1e9', key: 'FFFFFFFFFFFF' } }),
      ],
      ['application/json', JSON.stringify({ func: '__proto__', parameters: { constructor: 1 } })],
      [
        'application/json',
        JSON.stringify({ func: 'writeGuestCard', parameters: { card: { hotelId: 'x' } } }),
      ],
      ['text/xml', '<reader/>'],
      ['application/json', `{"func":"status","pad":"${'y'.repeat(5_000)}"}`],
      ['application/json', '\u0000\u0001\u0002'],
    ];
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 20; batch++) {
      const results = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const [type, body] = bodies[(batch * 50 + i) % bodies.length]!;
          const response = await fetch(`${gateway.addresses.reader}/reader`, {
            method: 'POST',
            headers: { 'content-type': type },
            body,
          });
          const reply = (await response.json()) as { code?: number; msg?: unknown; error?: unknown };
          // Every one of them is refused, with a message and a catalogue code.
          expect(reply, body.slice(0, 40)).toMatchObject({
            code: 0,
            msg: expect.any(String),
            error: expect.any(String),
          });
          return response.status;
        }),
      );
      for (const status of results) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(1_000);
    expect(statuses.has(500)).toBe(false);
    const health = await fetch(`${gateway.addresses.reader}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', device: { state: 'online' } });
    expect((await reader('status')).body).toMatchObject({ code: 1 });
  });
});

describe('raw service (/open, /write)', () => {
  async function raw(path: string, body: unknown) {
    const response = await fetch(`${gateway.addresses.raw}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  it('opens only the allowed encoder, then exchanges raw frames', async () => {
    expect(await raw('/write', { data: frameHex({ name: 'getVersion' }) })).toMatchObject({
      code: 0,
      error: 'DEVICE_NOT_OPEN',
    });
    expect(await raw('/open', { vid: 1155, pid: 22352 })).toMatchObject({
      code: 0,
      error: 'PERMISSION_DENIED',
    });
    expect(await raw('/open', { vid: 'x', pid: 1 })).toMatchObject({ code: 0, error: 'FIELD_INVALID' });
    expect(await raw('/open', { vid: '0x0417', pid: 32800 })).toMatchObject({
      code: 1,
      data: { simulated: true },
    });
    const reply = await raw('/write', {
      data: frameHex({ name: 'getVersion' }),
      timeout: 2000,
      readlength: 64,
    });
    expect(reply).toMatchObject({ code: 1 });
    // deviceInfo: 5A | length 0E | type 01 | command 01 | status 00 | version 0102 | mac | checksum, padded to 64 bytes.
    expect(String(reply['data']).startsWith('5A0E0101000102041780200001')).toBe(true);
    expect(String(reply['data'])).toHaveLength(128);
    expect(await raw('/write', { data: 'XYZ' })).toMatchObject({ code: 0, error: 'HEX_INVALID' });
    expect(await raw('/write', { data: 'A5040100' })).toMatchObject({
      code: 0,
      error: 'BAD_COMMAND_CHECKSUM',
      msg: 'command checksum mismatch',
    });
  });

  it('passes a damaged answer through as the device sent it (the console checks the checksum)', async () => {
    await raw('/open', { vid: 1047, pid: 32800 });
    await control('POST', '/fault', { kind: 'bad-checksum' });
    const reply = await raw('/write', { data: frameHex({ name: 'getVersion' }) });
    expect(reply).toMatchObject({ code: 1 });
    const bytes = Buffer.from(String(reply['data']), 'hex');
    let xor = 0;
    for (const b of bytes.subarray(0, bytes.length - 1)) xor ^= b;
    expect(bytes.at(-1)).not.toBe(xor);
  });

  it('answers device not responding when the encoder stays silent', async () => {
    await raw('/open', { vid: 1047, pid: 32800 });
    await control('POST', '/fault', { kind: 'no-answer' });
    expect(await raw('/write', { data: frameHex({ name: 'getVersion' }), timeout: 100 })).toMatchObject({
      code: 0,
      error: 'DEVICE_NOT_RESPONDING',
    });
  });
});

describe('bridge configuration', () => {
  it('says in /health why the remote reader bridge is off', async () => {
    const lone = await startGateway(
      {
        transport: 'simulated',
        readerPort: 0,
        rawPort: 0,
        websocketPort: 0,
        simulatorPort: 0,
        deviceId: 'A1B2C3D4E5F6',
      },
      { logger: silentLogger() },
    );
    try {
      expect(lone.health().broker).toEqual({
        state: 'disabled',
        reason: 'a device id is set but no broker: set broker.url or run the embedded broker',
      });
      expect(lone.addresses.bridge).toBeNull();
    } finally {
      await lone.close();
    }
  });
});

/** Local addresses of the listening TCP sockets on `port`, from the Linux kernel's tables (hex, as listed there). */
function listeningAddresses(port: number): string[] | null {
  const files = ['/proc/net/tcp', '/proc/net/tcp6'].filter((file) => existsSync(file));
  if (files.length === 0) return null;
  const found: string[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // Column 1 is the local address:port, column 3 the state (0A: LISTEN).
      if (columns[3] !== '0A') continue;
      const [address, portHex] = (columns[1] ?? '').split(':');
      if (address && portHex && Number.parseInt(portHex, 16) === port) found.push(address);
    }
  }
  return found;
}

/** Whether a TCP connection to host:port is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

describe('loopback only', () => {
  it('binds every listener (reader, raw, WebSocket, simulator, MQTT TCP and WebSocket) to 127.0.0.1 only', async () => {
    const full = await startGateway(
      {
        transport: 'simulated',
        readerPort: 0,
        rawPort: 0,
        websocketPort: 0,
        simulatorPort: 0,
        embeddedBroker: { enabled: true, tcpPort: 0, wsPort: 0 },
      },
      { logger: silentLogger() },
    );
    try {
      const a = full.addresses;
      const ports = [
        a.readerPort,
        a.rawPort,
        a.websocketPort,
        a.simulatorPort!,
        a.broker!.tcpPort,
        a.broker!.wsPort,
      ];
      const external = Object.values(networkInterfaces())
        .flat()
        .filter((i) => i !== undefined && !i.internal && i.family === 'IPv4')
        .map((i) => i!.address);
      let checks = 0;
      for (const port of ports) {
        expect(await connects('127.0.0.1', port), `127.0.0.1:${port}`).toBe(true);
        const listening = listeningAddresses(port);
        if (listening) {
          // 0100007F is 127.0.0.1 as the kernel lists it; 0.0.0.0 or :: would be 00000000 or all zeros.
          expect(listening, `port ${port}`).toEqual(['0100007F']);
          checks++;
        }
        for (const address of external) {
          expect(await connects(address, port), `${address}:${port}`).toBe(false);
          checks++;
        }
      }
      expect(checks).toBeGreaterThan(0);
    } finally {
      await full.close();
    }
  });
});
