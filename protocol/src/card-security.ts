// HMAC-SHA256 from crypto-js, loaded as its three modules (core, sha256, hmac) like envelope.ts loads DES: no
// cipher-core here, so the load order envelope.ts relies on is untouched.

import CryptoJS from 'crypto-js/core.js';
import HmacSHA256 from 'crypto-js/hmac-sha256.js';
import {
  CARD_CHECK_BLOCK,
  type CardLayoutRow,
  cardBlockBytes,
  cardLayoutSize,
  GUEST_CARD_CONTENT_BLOCKS,
  type GuestCardBlocks,
  readCardLayout,
  writeCardLayout,
} from './guest-card.js';
import { bytesToHex, hexToBytes, utf8Encode } from './hex.js';
import {
  BLOCK_SIZE,
  buildTrailer,
  KEY_SIZE,
  TRANSPORT_ACCESS_CONDITIONS,
  TRANSPORT_GPB,
  TRANSPORT_KEY,
} from './mifare.js';
import { fail, ok, type Result } from './result.js';

/**
 * Forgery resistance of LockDesk cards (GUEST-CARD.md 'Forgery resistance').
 *
 * MIFARE Classic keys can be recovered from a card in minutes, so the keys alone cannot protect a hotel (Onity 2012,
 * dormakaba Saflok 'Unsaflok' 2024: one guest card was enough to forge master keys). Two measures:
 *
 * 1. Sector keys diversified per card: key = HMAC-SHA256(hotel secret, "LockDesk sector key v1" ‖ UID ‖ sector),
 *    first 6 bytes. Recovering one card's keys gives nothing about another card's.
 * 2. A message authentication code: block 53 (CARD_AUTH_LAYOUT) holds the card's UID and
 *    HMAC-SHA256(MAC key, block 53 bytes 0..7 ‖ block 4 ‖ block 5 ‖ block 6 ‖ block 54), first 8 bytes. The MAC key
 *    is derived from the hotel secret, so a lock holds the MAC key and never the secret. Changing any signed byte
 *    (content, check block, stored UID) breaks the MAC (tampered); the same blocks on a card with another UID keep a
 *    good MAC whose UID is not the card's (copied).
 *
 * Everything here is pure: the secret, keys and UIDs are arguments, nothing is stored, nothing throws.
 */

/** The authentication block: sector 13, next to the check block 54 (both read with the same sector key). */
export const CARD_AUTH_BLOCK = 53;
/** The blocks the MAC covers, in MAC order (after the authentication block's UID bytes). */
export const CARD_SIGNED_BLOCKS = [...GUEST_CARD_CONTENT_BLOCKS, CARD_CHECK_BLOCK] as const;
/** Sectors every encrypted card has encrypted, whatever else the hotel chose: the guest sector and sector 13. */
export const ALWAYS_ENCRYPTED_SECTORS = [1, 13] as const;
/** The sectors a hotel may choose to encrypt (sector 0 holds the manufacturer block and stays transport). */
export const ENCRYPTABLE_SECTORS = { min: 1, max: 15 } as const;
/** Bytes of the MAC stored on the card. */
export const CARD_MAC_SIZE = 8;
/** Bytes of the MAC key a lock is given. */
export const CARD_MAC_KEY_SIZE = 16;
/** The shortest hotel secret accepted (bytes). */
export const HOTEL_SECRET_MIN_BYTES = 16;

/** The fields of the authentication block. */
export type CardAuthField = 'uidLength' | 'uid' | 'mac';

/** Block 53: the card's UID as it was signed, and the MAC. Read and written by the guest-card codec. */
export const CARD_AUTH_LAYOUT: readonly CardLayoutRow<CardAuthField>[] = [
  { block: 53, offset: 0, width: 1, field: 'uidLength', codec: 'u8', note: 'UID length, 4 or 7' },
  { block: 53, offset: 1, width: 7, field: 'uid', codec: 'bytes', note: 'the UID, zero padded' },
  { block: 53, offset: 8, width: 8, field: 'mac', codec: 'bytes', note: 'HMAC-SHA256 first 8 bytes' },
];

/** The bytes of block 53 the MAC covers (uidLength and uid): everything before the MAC itself. */
const SIGNED_AUTH_BYTES = 8;

const MAC_KEY_LABEL = 'LockDesk card MAC key v1';
const SECTOR_KEY_LABEL = 'LockDesk sector key v1';

// --- bytes and HMAC -----------------------------------------------------------------------------------------

function wordArray(bytes: Uint8Array): CryptoJS.lib.WordArray {
  const words: number[] = [];
  for (let i = 0; i < bytes.length; i++)
    words[i >>> 2] = (words[i >>> 2] ?? 0) | (bytes[i]! << (24 - (i % 4) * 8));
  return CryptoJS.lib.WordArray.create(words, bytes.length);
}

function wordBytes(words: CryptoJS.lib.WordArray): Uint8Array {
  const bytes = new Uint8Array(words.sigBytes);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (words.words[i >>> 2]! >>> (24 - (i % 4) * 8)) & 0xff;
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** HMAC-SHA256 of a message under a key, both bytes. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  return wordBytes(HmacSHA256(wordArray(message), wordArray(key)));
}

/** Compares two byte strings in time independent of where they differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

const isUniform = (bytes: Uint8Array, value: number) => bytes.every((b) => b === value);

// --- input checks -------------------------------------------------------------------------------------------

function secretBytes(hotelSecretHex: unknown): Result<Uint8Array> {
  const bytes = hexToBytes(hotelSecretHex);
  if (!bytes.ok || bytes.value.length < HOTEL_SECRET_MIN_BYTES)
    return fail('KEY_INVALID', `the hotel secret must be at least ${HOTEL_SECRET_MIN_BYTES} bytes of hex`);
  return bytes;
}

/** A card UID: 4 or 7 bytes as 8 or 14 hex characters. */
export function parseCardUid(uidHex: unknown): Result<Uint8Array> {
  const bytes = typeof uidHex === 'string' ? hexToBytes(uidHex) : undefined;
  if (!bytes?.ok || (bytes.value.length !== 4 && bytes.value.length !== 7))
    return fail('FIELD_INVALID', 'the card UID must be 8 or 14 hex characters', { field: 'uid' });
  return bytes;
}

function macKeyBytes(macKeyHex: unknown): Result<Uint8Array> {
  const bytes = hexToBytes(macKeyHex);
  if (!bytes.ok || bytes.value.length !== CARD_MAC_KEY_SIZE)
    return fail('KEY_INVALID', `the card MAC key must be ${CARD_MAC_KEY_SIZE * 2} hex characters`);
  return bytes;
}

/** A sector key as 12 uppercase hex characters; KEY_INVALID otherwise. */
function sectorKeyText(key: unknown, sector: number): Result<string> {
  if (typeof key !== 'string' || !/^[0-9A-Fa-f]{12}$/.test(key))
    return fail('KEY_INVALID', `the key of sector ${sector} must be 12 hex characters`, { sector });
  return ok(key.toUpperCase());
}

// --- key derivation -----------------------------------------------------------------------------------------

/**
 * The card MAC key of a hotel (32 hex): HMAC-SHA256(secret, "LockDesk card MAC key v1"), first 16 bytes. This is
 * what the hotel's locks are given; the secret itself stays on the server. '' when the secret is not at least
 * 16 bytes of hex (every function taking the MAC key then refuses it with KEY_INVALID).
 */
export function deriveCardMacKey(hotelSecretHex: string): string {
  const secret = secretBytes(hotelSecretHex);
  if (!secret.ok) return '';
  return bytesToHex(hmacSha256(secret.value, utf8Encode(MAC_KEY_LABEL)).subarray(0, CARD_MAC_KEY_SIZE));
}

/**
 * Key A (and key B) of one sector of one card (12 hex): HMAC-SHA256(secret, "LockDesk sector key v1" ‖ UID bytes ‖
 * sector byte), first 6 bytes. A key of all 0xFF or all 0x00 (the transport and blank keys) gets its last byte
 * inverted. '' for a secret that is not 16 bytes of hex or more, a UID that is not 4 or 7 bytes, or a sector
 * outside 0..39.
 */
export function deriveSectorKey(hotelSecretHex: string, uidHex: string, sector: number): string {
  const secret = secretBytes(hotelSecretHex);
  const uid = parseCardUid(uidHex);
  if (!secret.ok || !uid.ok || !Number.isInteger(sector) || sector < 0 || sector > 39) return '';
  const message = concat(utf8Encode(SECTOR_KEY_LABEL), uid.value, Uint8Array.of(sector));
  const key = hmacSha256(secret.value, message).slice(0, KEY_SIZE);
  if (isUniform(key, 0xff) || isUniform(key, 0)) key[KEY_SIZE - 1] = key[KEY_SIZE - 1]! ^ 0xff;
  return bytesToHex(key);
}

/**
 * The diversified keys of a card for the given sectors (what the server answers as `{ sectors: {sector: key} }`).
 * KEY_INVALID for a bad secret, FIELD_INVALID for a bad UID, BLOCK_OUT_OF_RANGE for a sector outside 1..15.
 */
export function deriveCardSectorKeys(
  hotelSecretHex: string,
  uidHex: string,
  sectors: readonly number[],
): Result<Record<number, string>> {
  const secret = secretBytes(hotelSecretHex);
  if (!secret.ok) return secret;
  const uid = parseCardUid(uidHex);
  if (!uid.ok) return uid;
  if (!Array.isArray(sectors)) return fail('FIELD_INVALID', 'sectors must be a list', { field: 'sectors' });
  const keys: Record<number, string> = {};
  for (const sector of sectors) {
    if (!Number.isInteger(sector) || sector < ENCRYPTABLE_SECTORS.min || sector > ENCRYPTABLE_SECTORS.max)
      return fail('BLOCK_OUT_OF_RANGE', `sector ${String(sector)} cannot be encrypted (1-15)`, {
        sector: String(sector),
      });
    keys[sector] = deriveSectorKey(hotelSecretHex, uidHex, sector);
  }
  return ok(keys);
}

// --- signing and verifying ----------------------------------------------------------------------------------

/** Blocks as read or written: 16 bytes or 32 hex characters per MIFARE block number. */
export type CardBlockInput = Record<number, Uint8Array | string>;

/** What signCardBlocks and verifyCardBlocks take. */
export interface CardSignatureInput {
  /** The hotel's card MAC key, 32 hex (deriveCardMacKey). */
  macKeyHex: string;
  /** The card's UID, 8 or 14 hex. */
  uidHex: string;
  /** Blocks 4, 5, 6 and 54 (and, to verify, 53). */
  blocks: CardBlockInput;
}

/** The signed blocks 4, 5, 6, 54 as one byte string, in MAC order. */
function signedContent(blocks: CardBlockInput): Result<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (const block of CARD_SIGNED_BLOCKS) {
    const bytes = cardBlockBytes(blocks, block);
    if (!bytes.ok) return bytes;
    parts.push(bytes.value);
  }
  return ok(concat(...parts));
}

function cardMac(macKey: Uint8Array, authHead: Uint8Array, content: Uint8Array): Uint8Array {
  return hmacSha256(macKey, concat(authHead, content)).slice(0, CARD_MAC_SIZE);
}

/**
 * Signs a card: returns blocks 4, 5, 6, 54 (as given, as bytes) plus block 53 holding the UID and the MAC over
 * block 53 bytes 0..7 ‖ block 4 ‖ block 5 ‖ block 6 ‖ block 54. KEY_INVALID for a bad MAC key, FIELD_INVALID for a
 * bad UID, READ_DATA_FAILED when a block is missing or not 16 bytes / 32 hex.
 */
export function signCardBlocks(input: CardSignatureInput): Result<GuestCardBlocks> {
  if (input === null || typeof input !== 'object')
    return fail('FIELD_INVALID', 'nothing to sign', { field: 'card' });
  const macKey = macKeyBytes(input.macKeyHex);
  if (!macKey.ok) return macKey;
  const uid = parseCardUid(input.uidHex);
  if (!uid.ok) return uid;
  const content = signedContent(input.blocks);
  if (!content.ok) return content;

  const auth = new Uint8Array(cardLayoutSize(CARD_AUTH_LAYOUT));
  writeCardLayout(CARD_AUTH_LAYOUT, { uidLength: uid.value.length, uid: uid.value }, auth);
  const mac = cardMac(macKey.value, auth.subarray(0, SIGNED_AUTH_BYTES), content.value);
  writeCardLayout(CARD_AUTH_LAYOUT, { uidLength: uid.value.length, uid: uid.value, mac }, auth);

  const out: GuestCardBlocks = {};
  CARD_SIGNED_BLOCKS.forEach((block, i) => {
    out[block] = content.value.slice(i * BLOCK_SIZE, (i + 1) * BLOCK_SIZE);
  });
  out[CARD_AUTH_BLOCK] = auth;
  return ok(out);
}

/**
 * Verifies a card read (blocks 4, 5, 6, 53, 54) against its actual UID, in this order:
 * - CARD_UNSIGNED: block 53 missing, or blank (all 0x00 or all 0xFF): the card was never signed;
 * - CARD_TAMPERED: the MAC does not match blocks 4, 5, 6, 54 and the stored UID (any of them changed);
 * - CARD_COPIED: the MAC is good but the stored UID is not this card's UID (the blocks were copied onto it).
 * Bad arguments: KEY_INVALID (MAC key), FIELD_INVALID (UID), READ_DATA_FAILED (a signed block missing or malformed).
 */
export function verifyCardBlocks(input: CardSignatureInput): Result<{ ok: true }> {
  if (input === null || typeof input !== 'object')
    return fail('FIELD_INVALID', 'nothing to verify', { field: 'card' });
  const macKey = macKeyBytes(input.macKeyHex);
  if (!macKey.ok) return macKey;
  const uid = parseCardUid(input.uidHex);
  if (!uid.ok) return uid;
  const blocks = input.blocks;
  if (blocks === null || typeof blocks !== 'object') return fail('READ_DATA_FAILED', 'no blocks were read');
  if ((blocks as Record<number, unknown>)[CARD_AUTH_BLOCK] === undefined)
    return fail('CARD_UNSIGNED', `block ${CARD_AUTH_BLOCK} was not read or is missing`);
  const auth = cardBlockBytes(blocks, CARD_AUTH_BLOCK);
  if (!auth.ok) return auth;
  if (isUniform(auth.value, 0) || isUniform(auth.value, 0xff))
    return fail('CARD_UNSIGNED', `block ${CARD_AUTH_BLOCK} is blank`);
  const content = signedContent(blocks);
  if (!content.ok) return content;

  const stored = readCardLayout(CARD_AUTH_LAYOUT, auth.value)!;
  const expected = cardMac(macKey.value, auth.value.subarray(0, SIGNED_AUTH_BYTES), content.value);
  if (!sameBytes(expected, stored.mac as Uint8Array))
    return fail('CARD_TAMPERED', 'the card MAC does not match its content');

  const length = stored.uidLength as number;
  const storedUid = (stored.uid as Uint8Array).subarray(0, length);
  if (length !== uid.value.length || !sameBytes(storedUid, uid.value))
    return fail(
      'CARD_COPIED',
      `the card was signed for UID ${bytesToHex(storedUid)}, it is UID ${bytesToHex(uid.value)}`,
    );
  return ok({ ok: true });
}

/** Blocks as the 32-hex-character texts a write plan and the server's records use, keyed by block number. */
export function cardBlocksHex(blocks: GuestCardBlocks): Record<number, string> {
  const texts: Record<number, string> = {};
  if (blocks === null || typeof blocks !== 'object') return texts;
  for (const [block, bytes] of Object.entries(blocks))
    if (bytes instanceof Uint8Array) texts[Number(block)] = bytesToHex(bytes);
  return texts;
}

// --- sector trailers and write plans ------------------------------------------------------------------------

/**
 * The trailer of a sector keyed with `keyHex` (32 hex): key A = key B = keyHex, the transport access bits FF0780
 * and GPB 0x69, so the sector keeps working exactly as delivered but only with that key. '' for a key that is not
 * 12 hex characters.
 */
export function sectorTrailer(keyHex: string): string {
  const key = typeof keyHex === 'string' && /^[0-9A-Fa-f]{12}$/.test(keyHex) ? hexToBytes(keyHex) : undefined;
  if (!key?.ok) return '';
  const trailer = buildTrailer({
    keyA: key.value,
    keyB: key.value,
    conditions: TRANSPORT_ACCESS_CONDITIONS,
    gpb: TRANSPORT_GPB,
  });
  return trailer.ok ? bytesToHex(trailer.value) : '';
}

/** A sector trailer as delivered: transport keys FFFFFFFFFFFF and transport access bits. */
export const TRANSPORT_TRAILER = sectorTrailer(TRANSPORT_KEY);

/** One block write of a plan: authenticate `block`'s sector with key A `key`, then write `data` (32 hex). */
export interface WriteStep {
  block: number;
  key: string;
  keyType: 'A';
  data: string;
}

/** One read-back of a plan: read `block` with key A `key`; it must hold exactly `data` (32 hex). */
export interface VerifyStep {
  block: number;
  key: string;
  data: string;
}

/** What to write on a card: data blocks, the keys the card has now, and the keys it should have afterwards. */
export interface CardWriteInput {
  /** Data blocks by MIFARE block number (1K card: 1..62, no trailer, not block 0), 32 hex each. */
  blocks: Record<number, string>;
  /** The key A each sector has now; a sector not named has the transport key FFFFFFFFFFFF. */
  currentKeys?: Record<number, string>;
  /** The key each sector should have afterwards; a sector not named (or with its current key) keeps its key. */
  newKeys?: Record<number, string>;
}

const SECTORS_1K = 16;
const trailerOfSector = (sector: number) => sector * 4 + 3;

interface CheckedPlan {
  writes: { block: number; sector: number; data: string }[];
  current: Map<number, string>;
  changed: Map<number, string>;
}

function keyTable(keys: unknown, what: string): Result<Map<number, string>> {
  const table = new Map<number, string>();
  if (keys === undefined || keys === null) return ok(table);
  if (typeof keys !== 'object') return fail('FIELD_INVALID', `${what} must be an object`, { field: what });
  for (const [name, key] of Object.entries(keys)) {
    const sector = Number(name);
    if (!/^\d+$/.test(name) || sector >= SECTORS_1K)
      return fail('BLOCK_OUT_OF_RANGE', `sector ${name} is not on a 1K card (0-15)`, { sector: name });
    const text = sectorKeyText(key, sector);
    if (!text.ok) return text;
    table.set(sector, text.value);
  }
  return ok(table);
}

function checkPlan(input: CardWriteInput): Result<CheckedPlan> {
  if (input === null || typeof input !== 'object')
    return fail('FIELD_INVALID', 'nothing to write', { field: 'blocks' });
  const blocks = input.blocks ?? {};
  if (typeof blocks !== 'object')
    return fail('FIELD_INVALID', 'blocks must be an object', { field: 'blocks' });
  const current = keyTable(input.currentKeys, 'currentKeys');
  if (!current.ok) return current;
  const wanted = keyTable(input.newKeys, 'newKeys');
  if (!wanted.ok) return wanted;

  const writes: CheckedPlan['writes'] = [];
  for (const [name, data] of Object.entries(blocks)) {
    const block = Number(name);
    if (!/^\d+$/.test(name) || block >= SECTORS_1K * 4)
      return fail('BLOCK_OUT_OF_RANGE', `block ${name} is not on a 1K card (0-63)`, { block: name });
    if (block === 0)
      return fail('ACCESS_DENIED', 'block 0 (manufacturer block) is read-only', { block: name });
    if (block % 4 === 3)
      return fail('ACCESS_DENIED', `block ${block} is a sector trailer: keys change through newKeys`, {
        block: name,
      });
    if (typeof data !== 'string' || !/^[0-9A-Fa-f]{32}$/.test(data))
      return fail('WRITE_DATA_INVALID', `block ${block}: data must be 32 hex characters`, { block: name });
    writes.push({ block, sector: block >> 2, data: data.toUpperCase() });
  }
  writes.sort((a, b) => a.block - b.block);

  const changed = new Map<number, string>();
  for (const [sector, key] of [...wanted.value].sort((a, b) => a[0] - b[0]))
    if (key !== (current.value.get(sector) ?? TRANSPORT_KEY)) changed.set(sector, key);
  return ok({ writes, current: current.value, changed });
}

/**
 * The writes that put `blocks` on a card and give it `newKeys`: every data block first, in block order,
 * authenticated with its sector's current key; then, for each sector whose key changes, its trailer
 * (sectorTrailer(new key)), authenticated with the current key — last, so no data write needs the new key.
 * BLOCK_OUT_OF_RANGE, ACCESS_DENIED (block 0 or a trailer among the data), WRITE_DATA_INVALID, KEY_INVALID.
 */
export function planCardWrite(input: CardWriteInput): Result<WriteStep[]> {
  const plan = checkPlan(input);
  if (!plan.ok) return plan;
  const { writes, current, changed } = plan.value;
  const keyOf = (sector: number) => current.get(sector) ?? TRANSPORT_KEY;
  const steps: WriteStep[] = writes.map(({ block, sector, data }) => ({
    block,
    key: keyOf(sector),
    keyType: 'A',
    data,
  }));
  for (const [sector, key] of changed)
    steps.push({
      block: trailerOfSector(sector),
      key: keyOf(sector),
      keyType: 'A',
      data: sectorTrailer(key),
    });
  return ok(steps);
}

/**
 * What to read back after planCardWrite to prove the write: every data block with its sector's NEW key and the
 * data written. A sector whose key changes but has no data block in the plan is proven by reading its trailer
 * with the new key: a card answers key A as zeros, the access bits, GPB and key B (readable under the transport
 * access bits), i.e. 000000000000 FF0780 69 + new key.
 */
export function planCardVerify(input: CardWriteInput): Result<VerifyStep[]> {
  const plan = checkPlan(input);
  if (!plan.ok) return plan;
  const { writes, current, changed } = plan.value;
  const keyOf = (sector: number) => changed.get(sector) ?? current.get(sector) ?? TRANSPORT_KEY;
  const steps: VerifyStep[] = writes.map(({ block, sector, data }) => ({ block, key: keyOf(sector), data }));
  const proven = new Set(writes.map((write) => write.sector));
  for (const [sector, key] of changed) {
    if (proven.has(sector)) continue;
    steps.push({ block: trailerOfSector(sector), key, data: `000000000000${sectorTrailer(key).slice(12)}` });
  }
  return ok(steps);
}

/** What a card read back after a write: its UID and the blocks read (32 hex or 16 bytes each). */
export interface CardReadBack {
  /** The UID of the card the plan was made for. */
  expectedUid: string;
  /** The UID of the card found on the encoder afterwards. */
  uid: string;
  verify: readonly VerifyStep[];
  blocks: CardBlockInput;
}

/**
 * Checks a write's read-back (what the console does before confirming, and the server again on confirmation):
 * WRONG_CARD when another card is on the encoder, CARD_WRITE_UNVERIFIED when a verify block is missing or differs.
 */
export function checkCardReadBack(input: CardReadBack): Result<{ ok: true }> {
  if (input === null || typeof input !== 'object')
    return fail('CARD_WRITE_UNVERIFIED', 'nothing was read back');
  const expected = parseCardUid(input.expectedUid);
  if (!expected.ok) return expected;
  const found = parseCardUid(input.uid);
  if (!found.ok) return found;
  if (!sameBytes(expected.value, found.value))
    return fail(
      'WRONG_CARD',
      `card ${bytesToHex(found.value)} is on the encoder, the write was for ${bytesToHex(expected.value)}`,
    );
  if (!Array.isArray(input.verify)) return fail('CARD_WRITE_UNVERIFIED', 'no verify list');
  for (const step of input.verify) {
    const want = hexToBytes(step?.data);
    const read = cardBlockBytes(input.blocks, step?.block);
    if (!want.ok || !read.ok || !sameBytes(want.value, read.value))
      return fail('CARD_WRITE_UNVERIFIED', `block ${String(step?.block)} did not read back as written`, {
        block: String(step?.block),
      });
  }
  return ok({ ok: true });
}
