// What the card suites (and the card-read benchmark) share: the real server and the real gateway with its
// simulated encoder started together and signed in as the demo super administrator, the test's own /manage calls,
// and the browser steps every card page repeats (pick a Select option, write a special card, find a card's row).

import { join } from 'node:path';
import { decryptEnvelope, encryptEnvelope } from '@lockdesk/protocol';
import { type CardService, createCardService, type StorageLike } from '@lockdesk/web/card-service';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  GATEWAY_URLS,
  type GatewayOptions,
  locksSheetOf,
  type StartedGateway,
  startGateway,
} from './gateway-harness.js';
import { ARTIFACTS, type Console, DEMO_ACCOUNTS, DEMO_PASSWORD, startConsole } from './harness.js';

export const WAIT = { timeout: 30_000 };

/** A signed-in manager as /manage/login answers it. */
export interface ManageSession {
  token: string;
  uid: number;
  mobile: string;
}

/** One /manage call from the test itself (sealed as the console seals it), as `session` when given. */
export async function manageCall<T>(
  base: string,
  path: string,
  fields: Record<string, unknown> = {},
  session?: { token: string; uid: number },
): Promise<T> {
  const sealed = encryptEnvelope({ ...fields, action: 'manage', ...(session ? { uid: session.uid } : {}) });
  if (!sealed.ok) throw new Error(sealed.detail);
  const response = await fetch(`${base}/manage/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      language: 'en',
      ...(session ? { authorization: `Bearer ${session.token}` } : {}),
    },
    body: JSON.stringify({ data: sealed.value, language: 'en' }),
  });
  const body = (await response.json()) as { data: string };
  const opened = decryptEnvelope<{ errno: number; errmsg: string; data: T }>(body.data);
  if (!opened.ok) throw new Error(opened.detail);
  if (opened.value.errno !== 0) throw new Error(`${path}: ${opened.value.errno} ${opened.value.errmsg}`);
  return opened.value.data;
}

/** The server, the gateway and the demo super administrator's session, started together. */
export interface CardDesk {
  app: Console;
  gateway: StartedGateway;
  session: ManageSession;
  /** One /manage call as the demo super administrator. */
  call<T>(path: string, fields?: Record<string, unknown>): Promise<T>;
  stop(): Promise<void>;
}

/** The gateway of a CardDesk: GatewayOptions without what the desk's server decides. */
export type DeskGatewayOptions = Omit<GatewayOptions, 'consoleOrigin' | 'serverUrl' | 'locksSheet'> & {
  /**
   * The gateway's virtual locks (issue 10) sync with the desk's server and install themselves from the installer's
   * sheet the demo server wrote into its data dir.
   */
  virtualLocks?: boolean;
  /** The server's environment (e.g. DATABASE_URL to run on PostgreSQL instead of PGlite). */
  serverEnv?: Record<string, string>;
};

/** Starts the server with fresh demo data and Chromium, then the gateway, and signs the super administrator in. */
export async function startCardDesk(gatewayOptions: DeskGatewayOptions): Promise<CardDesk> {
  const { virtualLocks, serverEnv, ...options } = gatewayOptions;
  const app = await startConsole(serverEnv ? { env: serverEnv } : {});
  let gateway: StartedGateway | undefined;
  try {
    gateway = await startGateway({
      ...options,
      consoleOrigin: app.base,
      // The gateway's server: the embedded broker asks it about the console's broker credentials (issue 19 §2).
      serverUrl: app.base,
      ...(virtualLocks ? { locksSheet: locksSheetOf(app.dataDir) } : {}),
    });
    const session = await manageCall<ManageSession>(app.base, 'login', {
      mobile: DEMO_ACCOUNTS.super,
      password: DEMO_PASSWORD,
    });
    const started = gateway;
    return {
      app,
      gateway: started,
      session,
      call: (path, fields = {}) => manageCall(app.base, path, fields, session),
      async stop() {
        await started.stop();
        await app.stop();
      },
    };
  } catch (e) {
    await gateway?.stop();
    await app.stop();
    throw e;
  }
}

/**
 * A suite's CardDesk: started before the suite's tests (then `prepare` runs on it) and stopped after them; answers
 * the desk while the suite runs.
 */
export function cardDeskPerSuite(
  gatewayOptions: DeskGatewayOptions,
  prepare?: (desk: CardDesk) => Promise<void>,
): () => CardDesk {
  let desk: CardDesk | undefined;
  beforeAll(async () => {
    desk = await startCardDesk(gatewayOptions);
    await prepare?.(desk);
  }, 180_000);
  afterAll(async () => {
    await desk?.stop();
  });
  return () => {
    if (!desk) throw new Error('the card desk is not started');
    return desk;
  };
}

/** A full-page screenshot of `page` in the artifacts folder. */
export const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });

/** 'YYYY-MM-DD HH:mm' in the hotel's time zone (Asia/Shanghai), as the check-in form sends it. */
export function hotelTime(ms: number): string {
  return new Date(ms).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 16);
}

/** A storage for a card service run in the test process (its reader choice is kept only for the run). */
export function memoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

/** The console's card service in the test process, on the local reader service (type 1) of the started gateway. */
export function gatewayCardService(): CardService {
  return createCardService({
    storage: memoryStorage(),
    defaultKind: 1,
    readers: {
      localService: GATEWAY_URLS.reader,
      secondReader: GATEWAY_URLS.raw,
      thirdReader: GATEWAY_URLS.websocket,
    },
  });
}

/** A room with a lock as room/allLock lists it. */
export interface LockRoom {
  id: number;
  name: string;
  status: number;
  mac_id: string;
}

/** A card as room/cardList lists it. */
export interface CardRow {
  card_id: string;
  status: string;
  uid: string | null;
}

/** A vacant room of the demo hotel with a lock, other than those in `taken` (which it joins). */
export async function vacantRoom(desk: CardDesk, taken: Set<number>): Promise<LockRoom> {
  const rooms = await desk.call<{ list: LockRoom[] }>('room/allLock');
  const room = rooms.list.find((r) => r.status === 0 && r.mac_id && !taken.has(r.id));
  if (!room) throw new Error('no vacant room left in the demo hotel');
  taken.add(room.id);
  return room;
}

/** The cards of a stay as the server lists them (issued, withdrawn, deleted). */
export async function stayCards(desk: CardDesk, stayId: number): Promise<CardRow[]> {
  return (await desk.call<{ list: CardRow[] }>('room/cardList', { stay_id: stayId, limit: 50 })).list;
}

/** Picks an option of an antd Select by its visible label. */
export async function choose(page: Page, testId: string, label: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: label })
    .first()
    .click();
}

/**
 * Fills a special card's issue form's expiry by its one-week quick pick, writes the card (the steps of the write
 * show as they happen), and answers the card number of the confirmation, waiting for it up to `wait`.
 */
export async function writeSpecialCard(page: Page, wait: { timeout: number } = WAIT): Promise<string> {
  await page.getByTestId('card-quick-week').click();
  await page.getByTestId('card-write').click();
  await page.getByTestId('card-write-steps').waitFor(WAIT);
  const issued = page.getByTestId('card-issued');
  await issued.waitFor(wait);
  const number = await issued.getAttribute('data-card-id');
  if (!number) throw new Error('no card number on the confirmation');
  return number;
}

/** The list row of a card on the console page `path`, once the list shows it. */
export async function listed(page: Page, base: string, path: string, cardNumber: string) {
  await page.goto(`${base}${path}`);
  const row = page.locator(`tr[data-card-id="${cardNumber}"]`);
  await row.waitFor(WAIT);
  return row;
}
