// A deployment's own envelope pair (LOCKDESK_DES_KEY / LOCKDESK_DES_IV, required by the compose file's .env): the
// same console build learns it from the page the server serves, and a person signs in and sees the rooms.
import { decryptEnvelope } from '@lockdesk/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Console, signIn, startConsole } from './harness.js';

const PAIR = { key: 'h6:Key#1', iv: 'h6"Iv<&1' };

let app: Console | undefined;

beforeAll(async () => {
  app = await startConsole({ env: { LOCKDESK_DES_KEY: PAIR.key, LOCKDESK_DES_IV: PAIR.iv } });
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

describe('a server with its own envelope pair', () => {
  it('serves the pair in the page; a person signs in and sees the room list', async () => {
    const { context, page, problems } = await signIn(app!.browser, app!.base, { language: 'en' });
    try {
      expect(await page.locator('meta[name="lockdesk-envelope"]').getAttribute('content')).toBe(
        `${PAIR.key}:${PAIR.iv}`,
      );
      // The room list's answer, sealed with the deployment's pair (the built-in pair would not open it).
      // Read as it arrives: an answer to the page navigated away from has no body any more.
      const answer = new Promise<string>((resolve) => {
        page.on('response', (res) => {
          if (res.url().endsWith('/manage/room/listNew'))
            res.json().then(
              (body: { data: string }) => resolve(body.data),
              () => {},
            );
        });
      });
      await page.goto(`${app!.base}/room/roomList`);
      const sealed = await answer;
      const opened = decryptEnvelope<{ errno: number }>(sealed, PAIR);
      expect(opened.ok && opened.value.errno).toBe(0);
      expect(decryptEnvelope(sealed).ok).toBe(false);
      await page.getByTestId('room-item').first().waitFor();
      expect(await page.getByTestId('room-item').count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
