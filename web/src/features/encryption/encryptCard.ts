import { CARD_READ } from '@lockdesk/protocol';
import { CardServiceError } from '../../cardService/errors.ts';
import type { BlocksRead, CardReader, CardWritePlan, WriteProgress } from '../../cardService/types.ts';
import type { EncryptionCalls } from './api.ts';

/** What a (de)encryption ended with. */
export type EncryptionOutcome =
  | { kind: 'done'; uid: string; decrypt: boolean }
  | { kind: 'alreadyEncrypted'; uid: string };

export interface EncryptionRun {
  reader: CardReader;
  decrypt: boolean;
  /** The card the operator meant (from the encrypted cards list): another one is WRONG_CARD. */
  expectedUid?: string | undefined;
  calls: EncryptionCalls;
  /** The card service's write (operations.ts writeCard). */
  write: (
    reader: CardReader,
    options: {
      allocate: (uid: string) => Promise<CardWritePlan>;
      confirm: (plan: CardWritePlan, blocks: BlocksRead) => Promise<unknown>;
      signal?: AbortSignal;
      onStep?: (progress: WriteProgress) => void;
    },
  ) => Promise<unknown>;
  signal?: AbortSignal;
  onStep?: (progress: WriteProgress) => void;
}

/** Whether a block reads with a key; a refused read leaves the card halted, so it is found again. */
async function opensWith(
  reader: CardReader,
  block: number,
  key: string,
  signal?: AbortSignal,
): Promise<boolean> {
  try {
    await reader.readBlock(block, key, signal);
    return true;
  } catch (error) {
    if (error instanceof CardServiceError && error.cancelled) throw error;
    await reader.findCard(signal);
    return false;
  }
}

/**
 * Encrypts (or decrypts) the card on the encoder: the card service finds it; this checks it first with the
 * probe sector (the hotel's first encrypted sector): a card to decrypt that opens with the factory key is 'Card
 * not encrypted', one that opens with neither key is 'External card cannot be used'; a card to encrypt that opens
 * with the hotel's key already is done, one that opens with neither is external. Then the server's plan changes
 * the trailers, the card service reads it back with the new keys and the server records it. A failure on the way
 * is 'Encryption failed, please retry' (or Decryption…), unless it has a more precise reason (card removed, wrong
 * card, cancelled, the encoder not answering).
 */
export async function runEncryption(run: EncryptionRun): Promise<EncryptionOutcome> {
  const { reader, decrypt, calls } = run;
  let seenUid = '';
  // Set when the check finds the card already encrypted: the write is stopped, which is no failure.
  let already = false;
  try {
    await run.write(reader, {
      signal: run.signal,
      onStep: run.onStep,
      allocate: async (uid) => {
        seenUid = uid;
        if (run.expectedUid && uid.toUpperCase() !== run.expectedUid.toUpperCase())
          throw new CardServiceError('WRONG_CARD');
        const check = await calls.checkData(uid);
        const sectorsOf = (list: unknown) =>
          (Array.isArray(list) ? list : []).map(Number).filter((s) => s >= 1 && s <= 15);
        // This card's encrypted sectors as the server knows them, and the hotel's (what an encryption writes).
        const cardSectors = sectorsOf(check.encrypted_sectors);
        const hotelSectors = sectorsOf(
          (check as { hotel_encrypted_sectors?: unknown }).hotel_encrypted_sectors ?? check.encrypted_sectors,
        );
        const sectors = decrypt && cardSectors.length > 0 ? cardSectors : hotelSectors;
        if (sectors.length === 0)
          throw new CardServiceError(decrypt ? 'NO_ENCRYPTED_SECTOR' : 'ENCRYPTION_NOT_ENABLED');
        const probe = sectors[0] ?? 1;
        const block = probe * 4;
        const hotelKey = check.keys[probe] ?? CARD_READ.defaultKey;
        const factory = await opensWith(reader, block, CARD_READ.defaultKey, run.signal);
        if (decrypt && factory) throw new CardServiceError('CARD_NOT_ENCRYPTED');
        if (!factory) {
          const hotel = await opensWith(reader, block, hotelKey, run.signal);
          if (!hotel) throw new CardServiceError('EXTERNAL_CARD');
          if (!decrypt) {
            already = true;
            throw new CardServiceError('OPERATION_CANCELLED');
          }
        }
        return (await calls.plan(uid, decrypt)) as CardWritePlan;
      },
      confirm: (plan, blocks) => calls.confirm(plan.uid ?? seenUid, decrypt, blocks),
    });
    return { kind: 'done', uid: seenUid, decrypt };
  } catch (error) {
    if (already) return { kind: 'alreadyEncrypted', uid: seenUid };
    throw error;
  }
}

/** Codes that name what went wrong better than 'Encryption failed': shown as they are. */
const PRECISE = new Set<string>([
  'CARD_NOT_ENCRYPTED',
  'EXTERNAL_CARD',
  'NO_ENCRYPTED_SECTOR',
  'ENCRYPTION_NOT_ENABLED',
  'WRONG_CARD',
  'CARD_REMOVED',
  'NO_CARD',
  'NO_CARD_DETECTED',
  'CONNECT_DEVICE_FIRST',
  'DEVICE_NOT_FOUND',
  'DEVICE_NOT_RESPONDING',
  'DEVICE_NOT_RESPONDING_CHECK',
  'API_CALL_FAILED',
  'CARD_ISSUE_EXPIRED',
  'PERMISSION_DENIED',
]);

/** Whether a failure keeps its own text (else the page says the (de)encryption failed, with it as detail). */
export function isPreciseFailure(code: string): boolean {
  return PRECISE.has(code);
}
