import { CARD_READ, STORAGE_KEYS } from '@lockdesk/protocol';

/**
 * The sectors a hotel may encrypt (contract B `room/cardEncryption`): 1 to 15 (sector 0 holds the manufacturer
 * block and stays open), of which 1 (the card record) and 13 (the card check and signature) are always encrypted.
 */
export const SECTOR_FIRST = CARD_READ.sectorScanFirst;
export const SECTOR_LAST = CARD_READ.sectorScanLast;
export const ALWAYS_ENCRYPTED: readonly number[] = [1, 13];
export const ALL_SECTORS: readonly number[] = Array.from(
  { length: SECTOR_LAST - SECTOR_FIRST + 1 },
  (_, i) => SECTOR_FIRST + i,
);

/** The sectors to save: those chosen within 1–15 plus 1 and 13, once each, in order. */
export function normaliseSectors(chosen: readonly unknown[]): number[] {
  const set = new Set<number>(ALWAYS_ENCRYPTED);
  for (const value of chosen) {
    const n = Number(value);
    if (Number.isInteger(n) && n >= SECTOR_FIRST && n <= SECTOR_LAST) set.add(n);
  }
  return [...set].sort((a, b) => a - b);
}

/** The sectors kept in local storage (`encryptedSectors`), as the card reading pages read them. */
export function storedEncryptedSectors(): number[] {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.encryptedSectors);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? normaliseSectors(parsed).filter((s) => parsed.includes(s)) : [];
  } catch {
    return [];
  }
}

/** Keeps the hotel's encrypted sectors in local storage (an empty list when encryption is off). */
export function storeEncryptedSectors(sectors: readonly number[]): void {
  try {
    const value = sectors.length === 0 ? [] : normaliseSectors(sectors);
    window.localStorage.setItem(STORAGE_KEYS.encryptedSectors, JSON.stringify(value));
  } catch {
    // Storage refused (private mode): the server still holds the sectors.
  }
}
