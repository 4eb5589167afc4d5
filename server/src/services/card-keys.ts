/**
 * The hotel card secret (API.md §8 'Card keys'): 32 random bytes per hotel from which every card's sector keys
 * (diversified per UID) and the locks' card MAC key are derived (@lockdesk/protocol card-security.ts). The server
 * must use the secret, so it cannot be hashed: it is stored encrypted with AES-256-GCM under the server's secret key
 * (config `secretKey`, LOCKDESK_SECRET_KEY, or `<dataDir>/secret.key` generated on first start).
 *
 * One instance per app (`app.cardKeys`); every method takes the database to use, so a route may pass its
 * transaction.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CARD_READ, deriveCardMacKey, deriveSectorKey } from '@lockdesk/protocol';
import type { ServerConfig } from '../config.js';
import { ownerOnlyFolder } from '../data-folder.js';
import type { Db } from '../db/index.js';

const SECRET_BYTES = 32;
const SEALED_PREFIX = 'v1:';
const HEX_KEY = /^[0-9a-fA-F]{64}$/;

/** The keys of one card: its diversified sector keys when the hotel encrypts, else none (transport keys). */
export interface CardKeySet {
  /** The hotel encrypts cards. */
  enabled: boolean;
  /** The hotel's encrypted sectors, ascending ([] when off). */
  encrypted_sectors: number[];
  /** Key A (= key B) of each encrypted sector of this card, 12 upper-case hex. */
  sectors: Record<number, string>;
}

/** What a hotel's card settings say. */
export interface HotelCardSettings {
  encrypted_sectors: number[];
  enabled: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hotel card secrets (services/card-keys.ts). */
    cardKeys: CardKeys;
  }
}

export class CardKeys {
  readonly #serverKey: Buffer;

  constructor(serverKeyHex: string) {
    if (!HEX_KEY.test(serverKeyHex)) throw new Error('the server secret key must be 64 hex characters');
    this.#serverKey = Buffer.from(serverKeyHex, 'hex');
  }

  /** Encrypts a secret (hex) for storage: 'v1:' + base64(iv 12 | tag 16 | ciphertext). */
  seal(secretHex: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#serverKey, iv);
    const body = Buffer.concat([cipher.update(Buffer.from(secretHex, 'hex')), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** Decrypts a stored secret; throws when it was sealed under another server key or altered. */
  open(sealed: string): string {
    if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('unknown card secret format');
    const raw = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.#serverKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('hex');
  }

  /** The hotel's card secret (64 hex), created on first use; parallel first uses agree on one. */
  async hotelCardSecret(db: Db, hotelId: number): Promise<string> {
    const row = await db
      .selectFrom('hotel_cards')
      .select('secret_enc')
      .where('hotel_id', '=', hotelId)
      .executeTakeFirst();
    if (row?.secret_enc) return this.open(row.secret_enc);
    await db
      .insertInto('hotel_cards')
      .values({ hotel_id: hotelId })
      .onConflict((oc) => oc.column('hotel_id').doNothing())
      .execute();
    await db
      .updateTable('hotel_cards')
      .set({ secret_enc: this.seal(randomBytes(SECRET_BYTES).toString('hex')) })
      .where('hotel_id', '=', hotelId)
      .where('secret_enc', 'is', null)
      .execute();
    const created = await db
      .selectFrom('hotel_cards')
      .select('secret_enc')
      .where('hotel_id', '=', hotelId)
      .executeTakeFirstOrThrow();
    return this.open(created.secret_enc as string);
  }

  /** The hotel's encryption settings (off when never set). */
  async settings(db: Db, hotelId: number): Promise<HotelCardSettings> {
    const row = await db
      .selectFrom('hotel_cards')
      .select('encrypted_sectors')
      .where('hotel_id', '=', hotelId)
      .executeTakeFirst();
    const sectors = [...(row?.encrypted_sectors ?? [])].sort((a, b) => a - b);
    return { encrypted_sectors: sectors, enabled: sectors.length > 0 };
  }

  /** The MAC key the hotel's locks verify cards with (32 hex); not the secret. */
  async cardMacKey(db: Db, hotelId: number): Promise<string> {
    return deriveCardMacKey(await this.hotelCardSecret(db, hotelId));
  }

  /** The keys of the card `uid` in the hotel's encrypted sectors (none when the hotel does not encrypt). */
  async cardKeysFor(db: Db, hotelId: number, uid: string): Promise<CardKeySet> {
    const { encrypted_sectors, enabled } = await this.settings(db, hotelId);
    if (!enabled) return { enabled, encrypted_sectors, sectors: {} };
    return { enabled, encrypted_sectors, sectors: await this.keysOf(db, hotelId, uid, encrypted_sectors) };
  }

  /** The diversified keys of `uid` for the given sectors. */
  async keysOf(
    db: Db,
    hotelId: number,
    uid: string,
    sectors: readonly number[],
  ): Promise<Record<number, string>> {
    if (sectors.length === 0) return {};
    const secret = await this.hotelCardSecret(db, hotelId);
    const keys: Record<number, string> = {};
    for (const sector of sectors) keys[sector] = deriveSectorKey(secret, uid, sector).toUpperCase();
    return keys;
  }
}

/** The transport (factory) key of a MIFARE Classic sector. */
export const TRANSPORT_KEY = CARD_READ.defaultKey;

/**
 * The server's secret key: the configured one; else, for an app on a database that does not outlive it (in
 * memory, or handed in by a test), a random one; else `<dataDir>/secret.key`, created (mode 600) when absent.
 */
export function resolveServerKey(config: ServerConfig, ephemeral: boolean): string {
  if (config.secretKey !== null) {
    const key = config.secretKey.trim();
    if (!HEX_KEY.test(key)) throw new Error('LOCKDESK_SECRET_KEY must be 64 hex characters (32 bytes)');
    return key;
  }
  if (ephemeral) return randomBytes(32).toString('hex');
  const file = join(config.dataDir, 'secret.key');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (!HEX_KEY.test(stored)) throw new Error(`${file} must hold 64 hex characters (32 bytes)`);
    return stored;
  } catch (e) {
    if ((e as { code?: string }).code !== 'ENOENT') throw e;
  }
  ownerOnlyFolder(dirname(file));
  const key = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (e) {
    // Another process created it first: use theirs.
    if ((e as { code?: string }).code !== 'EEXIST') throw e;
    return readFileSync(file, 'utf8').trim();
  }
}

/** The server_settings row holding the key's fingerprint. */
const FINGERPRINT_SETTING = 'secret_key_fingerprint';

/** The message a replica started with another key stops with. */
export const OTHER_SERVER_KEY =
  'LOCKDESK_SECRET_KEY differs from the key this database was first started with: give every server on this database the same LOCKDESK_SECRET_KEY';

/**
 * The fingerprint of a server key kept in the database: HMAC-SHA256 of a fixed label under the key. It tells keys
 * apart without revealing one (no key can be recovered or tried against it faster than against a sealed secret).
 */
export function serverKeyFingerprint(keyHex: string): string {
  return createHmac('sha256', Buffer.from(keyHex, 'hex'))
    .update('lockdesk server key fingerprint v1')
    .digest('hex');
}

/** The fingerprint the database was first started with, if any (none before migration 020). */
async function recordedFingerprint(db: Db): Promise<string | undefined> {
  try {
    const row = await db
      .selectFrom('server_settings')
      .select('value')
      .where('name', '=', FINGERPRINT_SETTING)
      .executeTakeFirst();
    return row?.value;
  } catch (e) {
    // 42P01: the table does not exist yet (a database older than 020, or empty): nothing recorded.
    if ((e as { code?: string }).code === '42P01') return undefined;
    throw e;
  }
}

/**
 * The server key of a server on a database that others may share (PostgreSQL), checked against the fingerprint
 * the database was first started with, before anything is written: a key that differs refuses the start with
 * OTHER_SERVER_KEY, and without LOCKDESK_SECRET_KEY no `<dataDir>/secret.key` is created for a database that
 * already knows another key. Call recordServerKey once migrated.
 */
export async function sharedServerKey(db: Db, config: ServerConfig): Promise<string> {
  const recorded = await recordedFingerprint(db);
  const file = join(config.dataDir, 'secret.key');
  if (recorded !== undefined && config.secretKey === null && !existsSync(file))
    throw new Error(`${OTHER_SERVER_KEY} (this server has none: no LOCKDESK_SECRET_KEY and no ${file})`);
  const key = resolveServerKey(config, false);
  if (recorded !== undefined && serverKeyFingerprint(key) !== recorded) throw new Error(OTHER_SERVER_KEY);
  return key;
}

/**
 * Records the key's fingerprint at the database's first start; when another server recorded a different one
 * first (two replicas with different keys started together), refuses with OTHER_SERVER_KEY.
 */
export async function recordServerKey(db: Db, keyHex: string): Promise<void> {
  const fingerprint = serverKeyFingerprint(keyHex);
  await db
    .insertInto('server_settings')
    .values({ name: FINGERPRINT_SETTING, value: fingerprint })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  if ((await recordedFingerprint(db)) !== fingerprint) throw new Error(OTHER_SERVER_KEY);
}
