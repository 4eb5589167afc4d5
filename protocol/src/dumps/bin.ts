// Raw binary dumps (.bin, .mfd, .dump): the card's bytes, block 0 first, 1024 (1K) or 4096 (4K) bytes.
import { cardFromBytes, cardToBytes, type MifareCard } from '../mifare.js';
import { ok, type Result } from '../result.js';
import { malformed } from './text.js';

/** Reads a raw binary dump. */
export function parseBin(bytes: Uint8Array): Result<MifareCard> {
  if (bytes.length !== 1024 && bytes.length !== 4096) {
    return malformed(`a binary dump is 1024 (1K) or 4096 (4K) bytes, found ${bytes.length}`);
  }
  return cardFromBytes(bytes);
}

/** Writes a raw binary dump; unknown bytes are written as stored (0x00). */
export function formatBin(card: MifareCard): Result<Uint8Array> {
  return ok(cardToBytes(card));
}
