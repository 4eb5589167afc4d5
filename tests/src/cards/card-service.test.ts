// The console's card service (web/src/cardService, through `@lockdesk/web/card-service`) driven from Node against
// the real gateway with its simulated encoder, on each of the four reader types: a guest card placed by the
// simulator is read (spec §4 flow), a card is written and read back before it is confirmed, the sectors are
// scanned, and an encoder unplugged in the middle of a write fails the write with nothing confirmed. The remote
// reader (type 4) runs through the gateway's embedded broker, through this machine's Mosquitto, and through a
// Mosquitto this suite starts with a WebSocket listener (what a browser console uses). Node 20 has no global
// WebSocket: the `ws` package is the third reader's socket. Build the gateway first (`pnpm -r build`).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cardBlocksHex,
  decodeCardCheckBlock,
  decodeGuestCard,
  deriveCardMacKey,
  deriveSectorKey,
  encodeGuestCard,
  type GuestCardContent,
  planCardVerify,
  planCardWrite,
  signCardBlocks,
} from '@lockdesk/protocol';
import {
  type BlocksRead,
  type BrokerCredential,
  type BrokerCredentialProvider,
  type CardService,
  CardServiceError,
  type CardWritePlan,
  createCardService,
  type ReaderKind,
  type StorageLike,
  type WriteProgress,
} from '@lockdesk/web/card-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { manageCall } from '../web/cards-harness.js';
import {
  GATEWAY_URLS,
  MACHINE_MOSQUITTO_URL,
  machineMosquittoAnswers,
  mosquittoBinary,
  type OwnMosquitto,
  type StartedGateway,
  startGateway,
  startOwnMosquitto,
} from '../web/gateway-harness.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, startServer, stopProcess } from '../web/harness.js';

/** The test runs in Node: any origin works (Node's fetch and ws send none); the console's is admitted. */
const CONSOLE_ORIGIN = 'http://127.0.0.1:8080';
const HOTEL_SECRET = randomBytes(32).toString('hex');
const MAC_KEY = deriveCardMacKey(HOTEL_SECRET);
const KIND_NAMES: Record<ReaderKind, string> = {
  1: 'local reader service (POST /reader)',
  2: 'second reader (/open, /write frames)',
  3: 'third reader (WebSocket 39002, goReadCard)',
  4: 'remote reader (MQTT)',
};

function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** A card service of one reader type, as the console makes it, with Node's socket for the third reader. */
function serviceOf(
  kind: ReaderKind,
  broker?: { wsUrl: string; deviceId: string; credentials?: BrokerCredentialProvider },
): CardService {
  return createCardService({
    storage: memoryStorage(),
    defaultKind: kind,
    socket: (url) => new WebSocket(url) as unknown as globalThis.WebSocket,
    readers: {
      localService: GATEWAY_URLS.reader,
      secondReader: GATEWAY_URLS.raw,
      thirdReader: GATEWAY_URLS.websocket,
    },
    ...(broker ? { brokerUrl: broker.wsUrl, deviceId: broker.deviceId } : {}),
    ...(broker?.credentials ? { brokerCredentials: broker.credentials } : {}),
  });
}

const now = () => Math.floor(Date.now() / 1000);
let cardNumber = 5000;

function guestContent(): GuestCardContent {
  cardNumber += 1;
  return {
    hotelId: 7,
    cardNumber,
    type: 4,
    mac_id: 'A1B2C3D4E5F6',
    start_time: now() - 60,
    end_time: now() + 86_400,
  };
}

/** What the server would answer room/sendCard with: the signed guest card, with the hotel's keys on sectors 1, 13. */
function writePlan(uid: string, content: GuestCardContent, encrypt: boolean): CardWritePlan {
  const encoded = encodeGuestCard(content);
  if (!encoded.ok) throw new Error(encoded.detail);
  const signed = signCardBlocks({ macKeyHex: MAC_KEY, uidHex: uid, blocks: encoded.value.blocks });
  if (!signed.ok) throw new Error(signed.detail);
  const blocks = cardBlocksHex(signed.value);
  const newKeys = encrypt
    ? { 1: deriveSectorKey(HOTEL_SECRET, uid, 1), 13: deriveSectorKey(HOTEL_SECRET, uid, 13) }
    : undefined;
  const writes = planCardWrite({ blocks, ...(newKeys ? { newKeys } : {}) });
  const verify = planCardVerify({ blocks, ...(newKeys ? { newKeys } : {}) });
  if (!writes.ok || !verify.ok) throw new Error('no plan');
  return { id: 1, card_id: String(content.cardNumber), uid, writes: writes.value, verify: verify.value };
}

const uidOf = () => randomBytes(4).toString('hex').toUpperCase().replace(/^88/, '08');

/** The reader-type checks, the same on every type (and broker). */
function readerSuite(
  kind: ReaderKind,
  gateway: () => StartedGateway,
  broker?: () => { wsUrl: string; deviceId: string; credentials?: BrokerCredentialProvider },
) {
  const make = () => serviceOf(kind, broker?.());

  it('reads a guest card placed on the encoder (spec §4 flow)', async () => {
    const content = guestContent();
    const uid = uidOf();
    await gateway().sim.placeGuestCard(content, uid);
    const service = make();
    const steps: string[] = [];
    try {
      const read = await service.readCard({ onStep: (s) => steps.push(s) });
      expect(read.uid).toBe(uid);
      expect(read.attempts).toBeGreaterThanOrEqual(1);
      const check = decodeCardCheckBlock(read.block54);
      expect(check.ok && check.value.cardNumber).toBe(content.cardNumber);
      expect(steps[0]).toBe('connect');
      expect(steps.at(-1)).toBe('done');
      expect(service.info.online).toBe(true);
      if (kind !== 4) expect(service.info.simulated).toBe(true);
      expect(service.log.length).toBeGreaterThan(0);
      expect(service.log.length).toBeLessThanOrEqual(100);
    } finally {
      service.dispose();
    }
  });

  it('writes a guest card, reads it back with the new keys, and only then confirms it', async () => {
    const uid = uidOf();
    await gateway().sim.placeBlank(uid);
    const content = guestContent();
    const service = make();
    const steps: WriteProgress['step'][] = [];
    let confirmed: BlocksRead | null = null;
    try {
      const result = await service.writeCard({
        allocate: async (found) => writePlan(found, content, true),
        confirm: async (plan, blocks, found) => {
          expect(found).toBe(uid);
          expect(plan.uid).toBe(uid);
          confirmed = blocks;
          return 'issued';
        },
        onStep: (p) => {
          if (steps.at(-1) !== p.step) steps.push(p.step);
        },
      });
      expect(result).toBe('issued');
      expect(steps).toEqual(['connect', 'findCard', 'allocate', 'write', 'verify', 'confirm', 'done']);
      expect(Object.keys(confirmed ?? {}).sort()).toEqual(['4', '5', '53', '54', '6']);
      // The card itself: its content decodes, and sectors 1 and 13 open only with the card's own keys now.
      const keys = { 1: deriveSectorKey(HOTEL_SECRET, uid, 1), 13: deriveSectorKey(HOTEL_SECRET, uid, 13) };
      const blocks = await service.readCardBlocks(uid, keys);
      const card = decodeGuestCard(blocks);
      expect(card.ok && card.value.card_id).toBe(String(content.cardNumber));
      await expect(service.readCardBlocks(uid, null)).rejects.toMatchObject({ code: 'AUTH_FAILED' });
    } finally {
      service.dispose();
    }
  });

  it('scans sectors 1–15: a blank card reads everywhere, an encrypted one fails on its encrypted sectors', async () => {
    const uid = uidOf();
    await gateway().sim.placeBlank(uid);
    const service = make();
    try {
      const blank = await service.scanSectors();
      expect(blank.uid).toBe(uid);
      expect(blank.summary).toEqual({ read: 15, failed: 0, total: 15 });
      await service.writeCard({
        allocate: async (found) => writePlan(found, guestContent(), true),
        confirm: async () => true,
      });
      const visited: number[] = [];
      const encrypted = await service.scanSectors({
        onSector: (sector, result) => {
          if (result) visited.push(sector);
        },
      });
      expect(visited).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
      expect(encrypted.failedSectors.map((s) => s.sector)).toEqual([1, 13]);
      expect(encrypted.summary).toEqual({ read: 13, failed: 2, total: 15 });
    } finally {
      service.dispose();
    }
  });

  it('an encoder unplugged in the middle of a write fails the write and confirms nothing', async () => {
    const uid = uidOf();
    const sim = gateway().sim;
    await sim.placeBlank(uid);
    await sim.fault('unplug-mid-write');
    const service = make();
    let confirmed = false;
    try {
      const failure = await service
        .writeCard({
          allocate: async (found) => writePlan(found, guestContent(), false),
          confirm: async () => {
            confirmed = true;
            return true;
          },
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(CardServiceError);
      expect((failure as CardServiceError).cancelled).toBe(false);
      expect([
        'DEVICE_NOT_FOUND',
        'DEVICE_NOT_RESPONDING',
        'DEVICE_NOT_RESPONDING_CHECK',
        'BROKER_DEVICE_NOT_CONNECTED',
        'BROKER_RESPONSE_TIMEOUT',
      ]).toContain((failure as CardServiceError).code);
      expect(confirmed).toBe(false);
      expect(service.info.online).toBe(false);
    } finally {
      service.dispose();
      await sim.clearFaults();
      await sim.replug();
    }
  });
}

describe('the card service on the gateway with the simulated encoder (embedded broker)', () => {
  let gateway: StartedGateway;
  // The embedded broker admits the remote reader with the operator's credential from the real server (issue 19).
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let dataDir: string | undefined;
  let credentials: BrokerCredentialProvider = () => Promise.reject(new Error('not signed in'));
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-card-service-'));
    server = await startServer(dataDir);
    const base = server.url;
    const session = await manageCall<{ token: string; uid: number }>(base, 'login', {
      mobile: DEMO_ACCOUNTS.super,
      password: DEMO_PASSWORD,
    });
    credentials = (renew) =>
      manageCall<BrokerCredential>(base, 'broker/credential', renew ? { ...renew } : {}, session);
    gateway = await startGateway({ consoleOrigin: CONSOLE_ORIGIN, broker: 'embedded', serverUrl: base });
  }, 180_000);
  afterAll(async () => {
    await gateway?.stop();
    await stopProcess(server?.child);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const kind of [1, 2, 3] as const)
    describe(`reader type ${kind}: ${KIND_NAMES[kind]}`, () => readerSuite(kind, () => gateway));

  describe(`reader type 4: ${KIND_NAMES[4]} through the embedded broker`, () =>
    readerSuite(
      4,
      () => gateway,
      () => ({ wsUrl: gateway.broker?.wsUrl ?? '', deviceId: gateway.deviceId, credentials }),
    ));

  it('the remote reader refuses a device id that is not 12 hex, and says when the broker does not answer', async () => {
    const service = serviceOf(4, { wsUrl: gateway.broker?.wsUrl ?? '', deviceId: 'XYZ' });
    await expect(service.readCard()).rejects.toMatchObject({ code: 'BROKER_INVALID_DEVICE_ID' });
    service.dispose();
  });
});

// This machine's Mosquitto (1883, MQTT over TCP): the gateway's bridge and the console both reach it; Node's mqtt
// client speaks TCP as the browser's speaks WebSocket, the same commands on the same topics.
const machineMosquitto = await machineMosquittoAnswers();
// A Mosquitto of the suite's own with a WebSocket listener, the way a browser console reaches a broker.
const canStartMosquitto = mosquittoBinary() !== null;

if (machineMosquitto) {
  describe(`reader type 4: ${KIND_NAMES[4]} through this machine's Mosquitto (${MACHINE_MOSQUITTO_URL})`, () => {
    let gateway: StartedGateway;
    const deviceId = randomBytes(6).toString('hex').toUpperCase();
    beforeAll(async () => {
      gateway = await startGateway({ consoleOrigin: CONSOLE_ORIGIN, broker: 'mosquitto', deviceId });
    });
    afterAll(async () => {
      await gateway?.stop();
    });
    readerSuite(
      4,
      () => gateway,
      () => ({ wsUrl: MACHINE_MOSQUITTO_URL, deviceId }),
    );
  });
}

if (canStartMosquitto) {
  describe(`reader type 4: ${KIND_NAMES[4]} through a Mosquitto over WebSocket started by this suite`, () => {
    let gateway: StartedGateway;
    let mosquitto: OwnMosquitto | null = null;
    const deviceId = randomBytes(6).toString('hex').toUpperCase();
    beforeAll(async () => {
      mosquitto = await startOwnMosquitto();
      if (!mosquitto) throw new Error('mosquitto did not start');
      gateway = await startGateway({
        consoleOrigin: CONSOLE_ORIGIN,
        broker: { url: mosquitto.url, wsUrl: mosquitto.wsUrl },
        deviceId,
      });
    });
    afterAll(async () => {
      await gateway?.stop();
      await mosquitto?.stop();
    });
    readerSuite(
      4,
      () => gateway,
      () => ({ wsUrl: mosquitto?.wsUrl ?? '', deviceId }),
    );
  });
}

if (!machineMosquitto && !canStartMosquitto) {
  describe('REMOTE READER TESTED AGAINST THE EMBEDDED BROKER ONLY: no Mosquitto on this machine', () => {
    it('found no Mosquitto at 127.0.0.1:1883 and no mosquitto binary', () => {
      expect(machineMosquitto).toBe(false);
    });
  });
}
