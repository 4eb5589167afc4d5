import { STORAGE_KEYS } from '@lockdesk/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEPLOY } from '../config/deploy.ts';
import { CardServiceError } from './errors.ts';
import { createCardService, readerTypeName, type StorageLike } from './service.ts';
import { fakeDevice } from './testing/fakeDevice.ts';
import { FakeMqtt } from './testing/fakeMqtt.ts';
import { FakeReader } from './testing/fakeReader.ts';
import type { ReaderKind } from './types.ts';

const BLOCK54 = '4C01000013890004000000000000ABCD';

function memory(initial: Record<string, string> = {}): StorageLike & { map: Map<string, string> } {
  const map = new Map(Object.entries(initial));
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** A service whose readers are fakes, one per type, kept so the test can place cards on them. */
function serviceWithFakes(storage = memory()) {
  const fakes = new Map<ReaderKind, FakeReader>();
  const logs: ((kind: 'send' | 'receive' | 'info' | 'error', text: string) => void)[] = [];
  const service = createCardService({
    storage,
    readerFactory: (kind, hooks) => {
      const fake = new FakeReader(kind);
      fakes.set(kind, fake);
      logs.push(hooks.log);
      return fake;
    },
  });
  return { service, fakes, storage, log: (text: string) => logs.at(-1)?.('info', text) };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the reader type', () => {
  it('comes from local storage cardSenderType, else the deployment default', () => {
    expect(createCardService({ storage: memory() }).kind).toBe(DEPLOY.defaultCardIssuerType);
    expect(createCardService({ storage: memory({ [STORAGE_KEYS.cardSenderType]: '3' }) }).kind).toBe(3);
    expect(createCardService({ storage: memory({ [STORAGE_KEYS.cardSenderType]: '9' }) }).kind).toBe(
      DEPLOY.defaultCardIssuerType,
    );
  });

  it('is kept in local storage when chosen, and the info starts again for the new type', () => {
    const { service, storage } = serviceWithFakes();
    const seen: ReaderKind[] = [];
    service.info$.subscribe((info) => seen.push(info.kind));
    service.setKind(4);
    expect(storage.map.get(STORAGE_KEYS.cardSenderType)).toBe('4');
    expect(service.kind).toBe(4);
    expect(service.info).toMatchObject({ kind: 4, online: false, simulated: null });
    expect(seen).toEqual([4]);
    expect(readerTypeName(4)).toBe('CRFD-04');
  });

  it('the remote reader takes its device id from cardSenderID', () => {
    const storage = memory({
      [STORAGE_KEYS.cardSenderID]: '041780200001',
      [STORAGE_KEYS.cardSenderType]: '4',
    });
    const service = createCardService({ storage });
    expect(service.deviceId()).toBe('041780200001');
    service.setDeviceId('a1b2c3d4e5f6');
    expect(storage.map.get(STORAGE_KEYS.cardSenderID)).toBe('A1B2C3D4E5F6');
    expect(service.info.deviceId).toBe('A1B2C3D4E5F6');
  });
});

describe('the device log', () => {
  it('keeps the last 100 entries', () => {
    const { service, log } = serviceWithFakes();
    service.reader();
    const lengths: number[] = [];
    service.subscribeLog((entries) => lengths.push(entries.length));
    for (let i = 0; i < 130; i++) log(`line ${i}`);
    expect(service.log).toHaveLength(100);
    expect(service.log[0]?.text).toBe('line 30');
    expect(service.log.at(-1)?.text).toBe('line 129');
    expect(Math.max(...lengths)).toBe(100);
    service.clearLog();
    expect(service.log).toHaveLength(0);
  });
});

describe('card reads through the service', () => {
  it('a second read within 2000 ms is refused: "Card reading in progress, please do not click too often"', async () => {
    const { service, fakes } = serviceWithFakes();
    service.reader();
    fakes.get(1)?.placeCard('11223344', { 54: BLOCK54 });
    const first = service.readCard();
    await expect(service.readCard()).rejects.toMatchObject({ code: 'READ_TOO_FREQUENT' });
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(first).resolves.toMatchObject({ uid: '11223344', block54: BLOCK54 });
    expect(service.info).toMatchObject({ online: true, simulated: true });
  });

  it('a new read (after the lockout) cancels the one in progress: read card operation cancelled', async () => {
    const { service } = serviceWithFakes();
    const first = service.readCard().catch((e: CardServiceError) => e);
    await vi.advanceTimersByTimeAsync(2_000);
    const second = service.readCard().catch((e: CardServiceError) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(await first).toMatchObject({ code: 'READ_CARD_CANCELLED', cancelled: true });
    service.cancel();
    await vi.advanceTimersByTimeAsync(0);
    expect(await second).toMatchObject({ cancelled: true });
    expect(service.busy).toBe(false);
    expect(service.log.some((e) => e.kind === 'info' && /cancelled/.test(e.text))).toBe(true);
  });

  it('cancel() stops a write before it is confirmed', async () => {
    const { service, fakes } = serviceWithFakes();
    service.reader();
    fakes.get(1)?.placeCard('11223344');
    const confirm = vi.fn(async () => 'issued');
    const write = service
      .writeCard({
        allocate: () => new Promise(() => {}),
        confirm,
      })
      .catch((e: CardServiceError) => e);
    await vi.advanceTimersByTimeAsync(0);
    service.cancel();
    expect(await write).toMatchObject({ code: 'OPERATION_CANCELLED' });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('a reader that is gone marks the info offline', async () => {
    const { service, fakes } = serviceWithFakes();
    service.reader();
    fakes.get(1)!.failWith = () => new CardServiceError('API_CALL_FAILED');
    await expect(service.scanSectors()).rejects.toMatchObject({ code: 'API_CALL_FAILED' });
    expect(service.info.online).toBe(false);
  });
});

describe('refresh', () => {
  it("asks the gateway's health: online and simulated", async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            device: { state: 'online', simulated: true, transport: 'simulated', description: 'sim' },
          }),
        ),
    ) as unknown as typeof fetch;
    const service = createCardService({ storage: memory(), fetch: fetchImpl });
    await expect(service.refresh()).resolves.toMatchObject({
      online: true,
      simulated: true,
      description: 'sim',
    });
    expect(fetchImpl).toHaveBeenCalledWith('http://127.0.0.1:13570/health', expect.anything());
  });

  it('no gateway: offline', async () => {
    const service = createCardService({
      storage: memory(),
      fetch: (async () => {
        throw new TypeError('Failed to fetch');
      }) as typeof fetch,
    });
    await expect(service.refresh()).resolves.toMatchObject({ online: false });
  });
});

describe('the remote reader address', () => {
  it('follows cardSenderID written by another part of the console after the service started', () => {
    const storage = memory({ [STORAGE_KEYS.cardSenderType]: '4' });
    const service = createCardService({
      storage,
      readerFactory: (kind) => new FakeReader(kind),
    });
    expect(service.deviceId()).toBe('');
    storage.setItem(STORAGE_KEYS.cardSenderID, 'a1b2c3d4e5f6');
    const first = service.reader();
    expect(service.deviceId()).toBe('A1B2C3D4E5F6');
    expect(service.info.deviceId).toBe('A1B2C3D4E5F6');
    expect(service.reader()).toBe(first);
  });
});

/** A service on the remote reader (type 4) of device 041780200001, over a fake broker client. */
function remoteService(options: Partial<Parameters<typeof createCardService>[0]> = {}) {
  const client = new FakeMqtt();
  const service = createCardService({
    storage: memory({
      [STORAGE_KEYS.cardSenderType]: '4',
      [STORAGE_KEYS.cardSenderID]: '041780200001',
    }),
    mqttConnect: () => client.asClient(),
    ...options,
  });
  return { client, service };
}

async function attached(options: Partial<Parameters<typeof createCardService>[0]> = {}) {
  const rig = remoteService(options);
  const refreshed = rig.service.refresh();
  await vi.advanceTimersByTimeAsync(0);
  rig.client.up();
  await refreshed;
  return rig;
}

describe('the remote reader (type 4) through the service', () => {
  it("is 'simulated' when its bridge says its encoder is, as the local readers are", async () => {
    const { client, service } = await attached();
    expect(service.info).toMatchObject({ kind: 4, online: false, simulated: null, deviceId: '041780200001' });
    client.state({ state: 'online', transport: 'simulated', simulated: true });
    expect(service.info).toMatchObject({ kind: 4, online: true, simulated: true });
    client.state({ state: 'offline', reason: 'gateway gone' });
    expect(service.info).toMatchObject({ online: false, simulated: true });
    client.heartbeat({ transport: 'hid', simulated: false });
    expect(service.info).toMatchObject({ online: true, simulated: false });
    // A card operation's connect keeps what the bridge said rather than forgetting it.
    client.heartbeat({ transport: 'simulated', simulated: true });
    client.autoReply = fakeDevice({ uid: '11223344' });
    await expect(service.readCardBlocks('11223344', null)).resolves.toBeDefined();
    expect(service.info).toMatchObject({ online: true, simulated: true });
  });

  it('reports a heartbeat of its device at most once per heartbeat period (60000 ms), only with the encoder online', async () => {
    const reported: { id: string; at: number }[] = [];
    const { client } = await attached({
      onHeartbeat: (id) => void reported.push({ id, at: Date.now() }),
    });
    const t0 = Date.now();
    // The retained state is not a heartbeat; an offline encoder is not a working dispenser.
    client.state({ state: 'online', transport: 'hid', simulated: false });
    client.heartbeat({ encoder: 'offline' });
    expect(reported).toEqual([]);
    client.heartbeat();
    expect(reported).toEqual([{ id: '041780200001', at: t0 }]);
    // Another console's bridge restart, a heartbeat sent twice: not reported again within the period.
    await vi.advanceTimersByTimeAsync(30_000);
    client.heartbeat();
    await vi.advanceTimersByTimeAsync(29_999);
    client.heartbeat();
    expect(reported).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    client.heartbeat();
    expect(reported).toEqual([
      { id: '041780200001', at: t0 },
      { id: '041780200001', at: t0 + 60_000 },
    ]);
    // Every minute, as the bridge beats.
    for (let minute = 2; minute <= 4; minute++) {
      await vi.advanceTimersByTimeAsync(60_000);
      client.heartbeat();
    }
    expect(reported.map((r) => r.at - t0)).toEqual([0, 60_000, 120_000, 180_000, 240_000]);
  });

  it('a reporter that fails (a refused call, a throw) stays silent and does not stop the reader nor later reports', async () => {
    let calls = 0;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const { client, service } = await attached({
        heartbeatReportMs: 1_000,
        onHeartbeat: () => {
          calls++;
          if (calls === 1) return Promise.reject(new Error('no permission'));
          throw new Error('broken reporter');
        },
      });
      client.heartbeat({ transport: 'simulated', simulated: true });
      await vi.advanceTimersByTimeAsync(1_000);
      client.heartbeat({ transport: 'simulated', simulated: true });
      await vi.advanceTimersByTimeAsync(1_000);
      client.heartbeat({ transport: 'simulated', simulated: true });
      expect(calls).toBe(3);
      expect(service.info).toMatchObject({ online: true, simulated: true });
      expect(service.log.some((e) => e.kind === 'error')).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('reports the device bound now at once after cardSenderID changes: the period is per device', async () => {
    const reported: string[] = [];
    const old = new FakeMqtt();
    const other = new FakeMqtt('A1B2C3D4E5F6');
    const clients = [old, other];
    const { service } = remoteService({
      mqttConnect: () => clients.shift()!.asClient(),
      onHeartbeat: (id) => void reported.push(id),
    });
    const attaching = service.refresh();
    await vi.advanceTimersByTimeAsync(0);
    old.up();
    await attaching;
    old.heartbeat();
    service.setDeviceId('a1b2c3d4e5f6');
    const refreshed = service.refresh();
    await vi.advanceTimersByTimeAsync(0);
    other.up();
    await refreshed;
    other.heartbeat();
    expect(reported).toEqual(['041780200001', 'A1B2C3D4E5F6']);
    expect(service.info).toMatchObject({ deviceId: 'A1B2C3D4E5F6', online: true });
  });
});
