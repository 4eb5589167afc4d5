import { CARD_READ } from '@lockdesk/protocol';
import { describe, expect, it, vi } from 'vitest';
import { CardServiceError } from '../../cardService/errors.ts';
import { writeCard } from '../../cardService/operations.ts';
import type { CardReader } from '../../cardService/types.ts';
import type { EncryptionCalls } from './api.ts';
import { runEncryption } from './encryptCard.ts';

const UID = 'A1B2C3D4';
const HOTEL_KEY = '0123456789AB';
const DATA = '00112233445566778899AABBCCDDEEFF';

/** A MIFARE card on a fake encoder: each sector opens with its key; writing a trailer changes the key. */
function fakeCard(keys: Record<number, string>, uid = UID) {
  const blocks = new Map<number, string>();
  const reader: CardReader = {
    kind: 1,
    connect: vi.fn(async () => ({ kind: 1 as const, online: true, simulated: true, description: 'fake' })),
    findCard: vi.fn(async () => ({ uid, cardType: 8 })),
    readBlock: vi.fn(async (block: number, key: string) => {
      const sector = Math.floor(block / 4);
      if ((keys[sector] ?? CARD_READ.defaultKey) !== key) throw new CardServiceError('READ_DATA_FAILED');
      return blocks.get(block) ?? DATA;
    }),
    writeBlock: vi.fn(async (block: number, key: string, data: string) => {
      const sector = Math.floor(block / 4);
      if ((keys[sector] ?? CARD_READ.defaultKey) !== key) throw new CardServiceError('WRITE_DATA_FAILED');
      if (block % 4 === 3) keys[sector] = data.slice(0, 12);
      else blocks.set(block, data);
    }),
    led: vi.fn(async () => {}),
    beep: vi.fn(async () => {}),
    close: vi.fn(),
  };
  return { reader, keys };
}

/** The server's side: the hotel encrypts sectors 1 and 13 with HOTEL_KEY. */
function fakeCalls(): EncryptionCalls & { confirmed: unknown[] } {
  const confirmed: unknown[] = [];
  return {
    confirmed,
    // S1's answer: this card's encrypted sectors (none yet for a factory card) and the hotel's.
    checkData: vi.fn(async () => ({
      keys: { '1': HOTEL_KEY, '13': HOTEL_KEY },
      encrypted_sectors: [],
      hotel_encrypted_sectors: [1, 13],
    })),
    plan: vi.fn(async (uid: string, decrypt: boolean) => {
      const [from, to] = decrypt ? [HOTEL_KEY, CARD_READ.defaultKey] : [CARD_READ.defaultKey, HOTEL_KEY];
      const trailer = `${to}FF078069${to}`;
      return {
        id: 0,
        card_id: '',
        uid,
        expires_at: 0,
        card: null,
        writes: [
          { block: 7, key: from, keyType: 'A' as const, data: trailer },
          { block: 55, key: from, keyType: 'A' as const, data: trailer },
        ],
        verify: [
          { block: 4, key: to, data: DATA },
          { block: 52, key: to, data: DATA },
        ],
      };
    }),
    confirm: vi.fn(async (uid: string, decrypt: boolean, blocks: Record<string, string>) => {
      confirmed.push({ uid, decrypt, blocks });
      return null;
    }),
  };
}

describe('runEncryption', () => {
  it('encrypts a factory card: the trailers change, it reads back with the hotel key, the server records it', async () => {
    const card = fakeCard({});
    const calls = fakeCalls();
    const steps: string[] = [];
    const outcome = await runEncryption({
      reader: card.reader,
      decrypt: false,
      calls,
      write: writeCard,
      onStep: (p) => steps.push(p.step),
    });
    expect(outcome).toEqual({ kind: 'done', uid: UID, decrypt: false });
    expect(card.keys).toEqual({ 1: HOTEL_KEY, 13: HOTEL_KEY });
    expect(calls.confirmed).toEqual([{ uid: UID, decrypt: false, blocks: { '4': DATA, '52': DATA } }]);
    expect(steps).toContain('verify');
    expect(steps.at(-1)).toBe('done');
  });

  it('decrypts an encrypted card back to factory keys', async () => {
    const card = fakeCard({ 1: HOTEL_KEY, 13: HOTEL_KEY });
    const calls = fakeCalls();
    const outcome = await runEncryption({ reader: card.reader, decrypt: true, calls, write: writeCard });
    expect(outcome.kind).toBe('done');
    expect(card.keys).toEqual({ 1: CARD_READ.defaultKey, 13: CARD_READ.defaultKey });
    expect(calls.plan).toHaveBeenCalledWith(UID, true);
  });

  it("decrypting a card that opens with the factory key is 'Card not encrypted', and nothing is asked", async () => {
    const calls = fakeCalls();
    await expect(
      runEncryption({ reader: fakeCard({}).reader, decrypt: true, calls, write: writeCard }),
    ).rejects.toMatchObject({ code: 'CARD_NOT_ENCRYPTED' });
    expect(calls.plan).not.toHaveBeenCalled();
    expect(calls.confirm).not.toHaveBeenCalled();
  });

  it("a card another system locked is 'External card cannot be used', to encrypt or decrypt", async () => {
    for (const decrypt of [false, true]) {
      const calls = fakeCalls();
      await expect(
        runEncryption({ reader: fakeCard({ 1: 'AAAAAAAAAAAA' }).reader, decrypt, calls, write: writeCard }),
      ).rejects.toMatchObject({ code: 'EXTERNAL_CARD' });
      expect(calls.plan).not.toHaveBeenCalled();
    }
  });

  it('a card already encrypted with the hotel key is said so, and nothing is written', async () => {
    const card = fakeCard({ 1: HOTEL_KEY, 13: HOTEL_KEY });
    const calls = fakeCalls();
    const outcome = await runEncryption({ reader: card.reader, decrypt: false, calls, write: writeCard });
    expect(outcome).toEqual({ kind: 'alreadyEncrypted', uid: UID });
    expect(card.reader.writeBlock).not.toHaveBeenCalled();
    expect(calls.confirm).not.toHaveBeenCalled();
  });

  it('another card than the one chosen in the list is WRONG_CARD', async () => {
    const calls = fakeCalls();
    await expect(
      runEncryption({
        reader: fakeCard({ 1: HOTEL_KEY }).reader,
        decrypt: true,
        expectedUid: '11223344',
        calls,
        write: writeCard,
      }),
    ).rejects.toMatchObject({ code: 'WRONG_CARD' });
  });

  it("a hotel with no encrypted sector: 'No encrypted sector detected' to decrypt, not enabled to encrypt", async () => {
    for (const [decrypt, code] of [
      [true, 'NO_ENCRYPTED_SECTOR'],
      [false, 'ENCRYPTION_NOT_ENABLED'],
    ] as const) {
      const calls = fakeCalls();
      calls.checkData = vi.fn(async () => ({ keys: {}, encrypted_sectors: [], hotel_encrypted_sectors: [] }));
      await expect(
        runEncryption({ reader: fakeCard({}).reader, decrypt, calls, write: writeCard }),
      ).rejects.toMatchObject({ code });
    }
  });

  it('a write that does not read back is not recorded', async () => {
    const card = fakeCard({});
    // The encoder acknowledges the writes but the card keeps its factory keys.
    card.reader.writeBlock = vi.fn(async () => {});
    const calls = fakeCalls();
    await expect(
      runEncryption({ reader: card.reader, decrypt: false, calls, write: writeCard }),
    ).rejects.toMatchObject({ code: 'CARD_WRITE_UNVERIFIED' });
    expect(calls.confirm).not.toHaveBeenCalled();
  });
});
