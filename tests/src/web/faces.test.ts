// Faces and fingerprints in Chromium against the real server and the real gateway: a face created from a file and
// from the browser's camera (Chromium's fake camera), edited and deleted in the face library; a fingerprint enrolled
// on the gateway's simulated encoder while the page shows the steps (the finger pressed through the simulator's
// JSON API, contract F), sent to a lock and removed; an enrolment cancelled; and what the page says once the
// gateway is gone. In English and once in Arabic (right to left), with a look at 375 px. Build the console, the
// server and the gateway first (see harness.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTIFACTS,
  CHROMIUM,
  CHROMIUM_ARGS,
  checkPrerequisites,
  ROOT,
  signIn,
  startServer,
  stopProcess,
} from './harness.js';

/** The browser and the server share two cores with other suites: give pages time. */
const POLL = { timeout: 15_000 };
const GATEWAY_CLI = join(ROOT, 'gateway', 'dist', 'cli.js');
/** The gateway's fixed ports (spec §7): reader, raw, WebSocket, simulator control. */
const GATEWAY_PORTS = [13570, 13571, 39002, 13572];
const HEALTH = 'http://127.0.0.1:13570/health';
const SIMULATOR = 'http://127.0.0.1:13572';

let server: ChildProcess | undefined;
let gateway: ChildProcess | undefined;
let browser: Browser | undefined;
let dataDir = '';
let base = '';

/** Fails with a plain message when something else holds one of the gateway's ports. */
async function checkPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} is in use: stop the gateway (or whatever holds it) before this suite`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** Starts the built gateway with the simulated encoder, letting the test console's origin in. */
async function startGateway(origin: string): Promise<ChildProcess> {
  for (const port of GATEWAY_PORTS) await checkPortFree(port);
  const child = spawn(process.execPath, [GATEWAY_CLI, '--simulate', '--log-level', 'warn'], {
    cwd: ROOT,
    env: { ...process.env, LOCKDESK_GW_ALLOWED_ORIGINS: origin },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the gateway exited (${child.exitCode}):\n${output}`);
    // Only our own daemon (it prints its endpoints once it holds the ports), never another suite's on them.
    const healthy =
      output.includes('reader service   http://127.0.0.1:13570/reader') &&
      (await fetch(HEALTH)
        .then((r) => r.ok)
        .catch(() => false));
    if (healthy) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopProcess(child);
  throw new Error(`the gateway did not answer /health in 30 s:\n${output}`);
}

/** A finger on the simulated encoder's sensor (contract F: each press advances the enrolment one step). */
async function pressFinger(): Promise<void> {
  const response = await fetch(`${SIMULATOR}/sim/finger`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await response.json()) as { ok: boolean; msg?: string };
  if (!response.ok || !body.ok) throw new Error(`the simulator refused the finger: ${body.msg}`);
}

/** A real PNG picture (a face-coloured disc on blue), so the library's thumbnail has something to show. */
function pngPicture(size = 96): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y += 1) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x += 1) {
      const inside = (x - size / 2) ** 2 + (y - size / 2) ** 2 < (size / 3) ** 2;
      rows.push(...(inside ? [236, 188, 150] : [40, 90, 200]));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  checkPrerequisites();
  dataDir = mkdtempSync(join(tmpdir(), 'lockdesk-faces-'));
  const started = await startServer(dataDir);
  server = started.child;
  base = started.url;
  // Chromium's fake camera (a test pattern) and an automatic yes to the camera question: only this suite needs them.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  });
  gateway = await startGateway(base);
});

afterAll(async () => {
  await browser?.close().catch(() => {});
  await stopProcess(gateway);
  await stopProcess(server);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS, name), fullPage: true });
const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

/** Chooses a room in a picker by typing its name. */
async function pickRoom(page: Page, testId: string, name: string) {
  const picker = page.getByTestId(testId);
  await picker.click();
  await picker.locator('input').fill(name);
  await page.locator(`.ant-select-dropdown .ant-select-item-option[title="${name}"]`).first().click();
}

/** Waits for the open dialog's zoom-in to end, so a screenshot shows it as the user does. */
async function settledModal(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          "(() => { const s = getComputedStyle([...document.querySelectorAll('.ant-modal')].pop()); return s.opacity + s.transform; })()",
        ),
      POLL,
    )
    .toBe('1none');
}

/** Confirms the open Popconfirm. */
async function confirmPopup(page: Page) {
  await page.locator('.ant-popconfirm:visible .ant-popconfirm-buttons .ant-btn-primary').click();
}

const TEXTS = {
  en: {
    simulated: 'SIMULATED encoder',
    pressHint: 'Place the finger on the encoder.',
    pressAgainHint: 'Lift the finger and place it on the encoder again.',
    cancelled: 'Fingerprint enrolment cancelled',
    connectFirst: 'Please connect the device first',
    noteRequired: 'Face note cannot be empty',
    pending: 'Pending (until the lock syncs)',
  },
  ar: {
    simulated: 'جهاز ترميز مُحاكى',
    pressHint: 'ضع الإصبع على جهاز الترميز.',
    pressAgainHint: 'ارفع الإصبع ثم ضعه على جهاز الترميز مرة أخرى.',
    cancelled: 'تم إلغاء تسجيل بصمة الإصبع',
    connectFirst: 'يرجى توصيل الجهاز أولاً',
    noteRequired: 'لا يمكن ترك ملاحظة الوجه فارغة',
    pending: 'قيد الانتظار (حتى مزامنة القفل)',
  },
} as const;

describe.each([
  { language: 'en' as const, faceRoom: '1101', fingerRoom: '1102', sendRoom: '1103' },
  { language: 'ar' as const, faceRoom: '2201', fingerRoom: '2202', sendRoom: '2203' },
])('faces and fingerprints in $language', ({ language, faceRoom, fingerRoom, sendRoom }) => {
  const text = TEXTS[language];

  it('creates a face from a file for a room, shows it in the library, edits its notes and deletes it', async () => {
    const { context, page, problems } = await signIn(browser!, base, { language });
    await page.goto(`${base}/room/buildFace`);
    await page.getByTestId('face-form').waitFor();

    // Nothing filled: the spec's messages, nothing sent.
    await page.getByTestId('face-submit').click();
    await page.getByText(text.noteRequired, { exact: true }).waitFor();
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(3);

    const faceId = `G-${language}-FILE`;
    await page.getByTestId('face-note').fill(`Guest of ${faceRoom}`);
    await page.getByTestId('face-id').fill(faceId);
    await page
      .getByTestId('face-file')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'guest.png', mimeType: 'image/png', buffer: pngPicture() });
    await page.getByTestId('face-image-preview').waitFor();
    await pickRoom(page, 'room-picker', faceRoom);
    await page.getByTestId('stay-picker').waitFor();
    await shot(page, `faces-build-file-${language}.png`);
    await page.getByTestId('face-submit').click();

    // Saved: the library opens on the new face, its picture served by the server.
    await page.waitForURL(/\/room\/faceHistory\?keyword=/);
    const row = page.locator(`tr[data-face-id="${faceId}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain(faceRoom);
    const thumbnail = row.locator('img').first();
    await expect
      .poll(
        () =>
          thumbnail.evaluate((img) => {
            const picture = img as unknown as { complete: boolean; naturalWidth: number };
            return picture.complete ? picture.naturalWidth : 0;
          }),
        POLL,
      )
      .toBe(96);
    expect(await thumbnail.getAttribute('src')).toMatch(/^\/files\//);
    await shot(page, `faces-library-${language}.png`);

    // Notes: the face's note and the note its lock shows.
    await row.getByTestId('face-edit-open').click();
    await page.getByTestId('face-edit-note').fill(`Guest of ${faceRoom} (VIP)`);
    await page.getByTestId('face-edit-lock-note').fill('VIP');
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect.poll(() => row.textContent(), POLL).toContain('(VIP)');
    expect(await row.textContent()).toContain('VIP');

    // Filter by another room: the face is not there; back to its room: it is.
    await page.goto(`${base}/room/faceHistory`);
    await pickRoom(page, 'face-room-filter', sendRoom);
    await page.waitForURL(/room_id=\d+/);
    await page.getByTestId('face-list-empty').waitFor();
    await pickRoom(page, 'face-room-filter', faceRoom);
    await row.waitFor();

    // Delete, after the confirm.
    await row.getByTestId('face-delete').click();
    await confirmPopup(page);
    await row.waitFor({ state: 'detached' });
    await page.getByTestId('face-list-empty').waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("creates a face from the browser's camera with the capture button", async () => {
    const { context, page, problems } = await signIn(browser!, base, { language });
    await page.goto(`${base}/room/buildFace`);
    await page.getByTestId('face-form').waitFor();
    const faceId = `G-${language}-CAM`;
    await page.getByTestId('face-note').fill('Walk-in guest');
    await page.getByTestId('face-id').fill(faceId);
    await page.getByTestId('face-image-source').locator('.ant-segmented-item').nth(1).click();
    await page.getByTestId('camera-start').click();
    await page.locator('[data-testid="camera"][data-state="live"]').waitFor();
    // The fake camera is running: frames are coming.
    await expect
      .poll(
        () =>
          page
            .getByTestId('camera-video')
            .evaluate((video) => (video as unknown as { videoWidth: number }).videoWidth),
        POLL,
      )
      .toBeGreaterThan(0);
    await shot(page, `faces-camera-${language}.png`);
    await page.getByTestId('camera-capture').click();
    await page.getByTestId('face-image-preview').waitFor();
    await page.getByTestId('face-submit').click();
    await page.waitForURL(/\/room\/faceHistory\?keyword=/);
    const row = page.locator(`tr[data-face-id="${faceId}"]`);
    await row.waitFor();
    const thumbnail = row.locator('img').first();
    await expect
      .poll(
        () =>
          thumbnail.evaluate((img) => {
            const picture = img as unknown as { complete: boolean; naturalWidth: number };
            return picture.complete ? picture.naturalWidth : 0;
          }),
        POLL,
      )
      .toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('enrols a fingerprint on the simulated encoder, step by step, and sends it to a lock', async () => {
    const { context, page, problems } = await signIn(browser!, base, { language });
    await page.goto(`${base}/room/fingerprintsHistory`);
    await page.getByTestId('fingerprints-page').waitFor();
    await page.getByTestId('finger-enrol-open').click();
    const modal = page.getByTestId('finger-enrol-modal');
    const kind = modal.getByTestId('encoder-kind');
    await kind.waitFor();
    expect(await kind.getAttribute('data-simulated')).toBe('true');
    expect(await kind.textContent()).toBe(text.simulated);

    const note = `Guest of ${fingerRoom}, right thumb`;
    await modal.getByTestId('finger-note').fill(note);
    await pickRoom(page, 'room-picker', fingerRoom);
    await modal.getByTestId('finger-start').click();
    const steps = modal.getByTestId('finger-steps');
    await modal.locator('[data-testid="finger-steps"][data-phase="press"]').waitFor();
    expect(await modal.getByTestId('finger-hint').textContent()).toBe(text.pressHint);

    await pressFinger();
    await modal.locator('[data-testid="finger-steps"][data-phase="pressAgain"]').waitFor();
    expect(await modal.getByTestId('finger-hint').textContent()).toBe(text.pressAgainHint);
    expect(await steps.locator('.ant-steps-item-finish').count()).toBe(2);
    await settledModal(page);
    await shot(page, `fingerprint-steps-${language}.png`);

    await pressFinger();
    // Saved: the box closes and the library lists the fingerprint for its room.
    await modal.waitFor({ state: 'hidden' });
    await page.locator('.ant-modal-mask').waitFor({ state: 'hidden' });
    const row = page.getByTestId('finger-list').locator('tr', { hasText: note });
    await row.waitFor();
    expect(await row.textContent()).toContain(fingerRoom);
    await shot(page, `fingerprint-library-${language}.png`);

    // Send it to another room's lock: pending until that lock syncs.
    await row.getByTestId('finger-send').click();
    await pickRoom(page, 'finger-send-room', sendRoom);
    await page.locator('.ant-modal-footer .ant-btn-primary').click();
    await page.getByTestId('finger-send-modal').waitFor({ state: 'hidden' });
    await page.getByRole('tab').nth(1).click();
    await page.waitForURL(/tab=deliveries/);
    const delivery = page.getByTestId('delivery-list').locator('tr[data-delivery-id]', { hasText: sendRoom });
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain(text.pending);
    await shot(page, `fingerprint-deliveries-${language}.png`);

    // Withdraw the delivery, then delete the fingerprint; each after a confirm.
    await delivery.getByTestId('delivery-delete').click();
    await confirmPopup(page);
    await page.locator('.ant-popconfirm:visible').waitFor({ state: 'hidden' });
    await shot(page, `fingerprint-withdrawn-${language}.png`);
    await expect.poll(() => delivery.getAttribute('data-status'), POLL).not.toBe('pending');
    await page.getByRole('tab').nth(0).click();
    await row.getByTestId('finger-delete').click();
    await confirmPopup(page);
    await row.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('cancels an enrolment while the encoder waits for the finger: nothing is saved', async () => {
    const { context, page, problems } = await signIn(browser!, base, { language });
    await page.goto(`${base}/room/fingerprintsHistory`);
    await page.getByTestId('finger-enrol-open').click();
    const modal = page.getByTestId('finger-enrol-modal');
    await modal.getByTestId('encoder-kind').waitFor();
    await modal.getByTestId('finger-note').fill('Never saved');
    await modal.getByTestId('finger-start').click();
    await modal.locator('[data-testid="finger-steps"][data-phase="press"]').waitFor();
    await pressFinger();
    await modal.locator('[data-testid="finger-steps"][data-phase="pressAgain"]').waitFor();
    await modal.getByTestId('finger-cancel').click();
    await modal.locator('[data-testid="finger-steps"][data-phase="cancelled"]').waitFor();
    expect(await modal.getByTestId('finger-problem').textContent()).toBe(text.cancelled);
    expect(await modal.locator('.ant-steps-item-error').count()).toBe(1);
    await shot(page, `fingerprint-cancelled-${language}.png`);
    // The encoder no longer waits for a finger.
    await expect(pressFinger()).rejects.toThrow('no enrolment is waiting for a finger');
    await page.locator('.ant-modal-close').click();
    await modal.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('finger-list').locator('tr', { hasText: 'Never saved' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits the face and fingerprint pages at 375 px', async () => {
    const { context, page } = await signIn(browser!, base, {
      language,
      viewport: { width: 375, height: 800 },
    });
    await page.goto(`${base}/room/faceHistory`);
    await page.getByTestId('face-history-page').waitFor();
    await page.locator(`tr[data-face-id="G-${language}-CAM"]`).waitFor();
    await noSidewaysScroll(page, 375);
    await shot(page, `faces-library-375-${language}.png`);
    await page.goto(`${base}/room/buildFace`);
    await page.getByTestId('face-form').waitFor();
    await noSidewaysScroll(page, 375);
    await shot(page, `faces-build-375-${language}.png`);
    await page.goto(`${base}/room/fingerprintsHistory`);
    await page.getByTestId('finger-enrol-open').click();
    await page.getByTestId('encoder-kind').waitFor();
    await settledModal(page);
    await noSidewaysScroll(page, 375);
    await shot(page, `fingerprint-enrol-375-${language}.png`);
    await context.close();
  });
});

describe('without the gateway', () => {
  it('says the device must be connected first', async () => {
    await stopProcess(gateway);
    gateway = undefined;
    const { context, page, problems } = await signIn(browser!, base, { language: 'en' });
    await page.goto(`${base}/room/fingerprintsHistory`);
    await page.getByTestId('finger-enrol-open').click();
    const offline = page.getByTestId('encoder-offline');
    await offline.waitFor();
    expect(await offline.textContent()).toContain(TEXTS.en.connectFirst);
    await page.getByTestId('finger-note').fill('No gateway');
    await page.getByTestId('finger-start').click();
    await page.locator('[data-testid="finger-steps"][data-phase="failed"]').waitFor();
    expect(await page.getByTestId('finger-problem').textContent()).toBe(TEXTS.en.connectFirst);
    await shot(page, 'fingerprint-no-gateway-en.png');
    expect(problems).toEqual([]);
    await context.close();
  });
});
