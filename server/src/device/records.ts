/**
 * Unlock records uploaded by a lock (API.md §10 `POST /device/v1/records`). Exactly once: each record carries the
 * lock's own id (`record_uid`, a uuid) and is inserted with ON CONFLICT DO NOTHING on (hotel, lock mac, record_uid),
 * so a repeated or concurrent upload of the same records stores each once and counts the rest as duplicates. The
 * server adds what the lock cannot know: the stay the credential belongs to, a text in the hotel's terms
 * ('Guest card', 'Denied: superseded') and where it came from ('card 12345 / Li Wei'). A single-use password that
 * opened becomes `used`. Everything of one upload is one transaction: stored with its effects, or not at all.
 */
import { CARD_TYPE } from '@lockdesk/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { failure } from '../errors.js';
import type { CallingLock } from './auth.js';
import { requireSync } from './sync.js';

export const RECORD_TYPES = ['card', 'password', 'face', 'fingerprint', 'bluetooth'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** Why a lock opened or stayed shut, as a record text says it (protocol UnlockReason + the non-card reasons). */
const REASON_TEXTS: Record<string, string> = {
  masterCard: 'Master card',
  buildingCard: 'Building card',
  floorCard: 'Floor card',
  guestCard: 'Guest card',
  universalCard: 'Universal card',
  superCard: 'Super card',
  corruptedCard: 'unreadable card',
  externalCard: 'card of another system',
  emptyCard: 'blank card',
  unsignedCard: 'unsigned card',
  tamperedCard: 'altered card',
  copiedCard: 'copied card',
  wrongHotel: 'card of another hotel',
  wrongBuilding: 'other building',
  wrongFloor: 'other floor',
  wrongRoom: 'other room',
  universalNotLearned: 'universal card not learned',
  issuerNotAllowed: 'issuer not allowed',
  deleted: 'card deleted',
  superseded: 'superseded',
  notYetValid: 'not yet valid',
  expired: 'expired',
  deadbolt: 'deadbolt thrown',
  passwordUnknown: 'unknown password',
  passwordExpired: 'password expired',
  faceUnknown: 'unknown face',
  fingerUnknown: 'unknown fingerprint',
  bluetooth: 'Bluetooth unlock',
};

/** The reasons a record may carry ('' for a password, face or fingerprint that opened). */
export const RECORD_REASONS: ReadonlySet<string> = new Set(['', ...Object.keys(REASON_TEXTS)]);

/** Reasons whose card is not one of this hotel's: its number names nothing here. */
const FOREIGN_CARD = new Set(['corruptedCard', 'externalCard', 'emptyCard', 'wrongHotel']);

const OPENED_TEXTS: Record<RecordType, string> = {
  card: 'Card',
  password: 'Password',
  face: 'Face',
  fingerprint: 'Fingerprint',
  bluetooth: 'Bluetooth unlock',
};

const CARD_TEXTS: Record<number, string> = {
  [CARD_TYPE.master]: 'Master card',
  [CARD_TYPE.building]: 'Building card',
  [CARD_TYPE.floor]: 'Floor card',
  [CARD_TYPE.normal]: 'Guest card',
  [CARD_TYPE.universal]: 'Universal card',
  [CARD_TYPE.super]: 'Super card',
};

/** A record as the lock uploads it, checked. */
export interface DeviceRecord {
  record_uid: string;
  time: number;
  type: RecordType;
  opened: boolean;
  reason: string;
  credential: string;
  card_uid?: string | undefined;
  operator?: string | undefined;
}

/** At most this many records per upload. */
export const MAX_RECORDS = 500;

const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
/**
 * Record times: whole seconds up to the year 9999. A lock whose clock was reset still reports what happened, so no
 * lower bound but the epoch: a record refused for its time would stay in the lock's buffer for ever.
 */
const LAST_SECOND = 253_402_300_799;

const isMissing = (v: unknown) => v === undefined || v === null || v === '';

/** A card number as the cards table holds it (decimal without leading zeros); a lock may pad it ('00012345'). */
const cardKey = (credential: string): string =>
  /^\d{1,30}$/.test(credential) ? BigInt(credential).toString() : credential;

/** The key a record's credential is looked up under. */
const holderKey = (r: DeviceRecord): string =>
  `${r.type}:${r.type === 'card' ? cardKey(r.credential) : r.credential}`;

/** A short text field of a record: a string (or number) without NUL, at most `max` characters. */
function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const s = String(value).trim();
  return s.length <= max && !s.includes('\u0000') ? s : undefined;
}

/** Checks an upload's records: FIELD_REQUIRED / FIELD_INVALID naming the field, e.g. `records[3].time`. */
export function checkRecords(value: unknown): DeviceRecord[] {
  if (isMissing(value)) throw failure('FIELD_REQUIRED', { field: 'records' });
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_RECORDS)
    throw failure('FIELD_INVALID', { field: 'records' });
  return value.map((item, i) => {
    const at = `records[${i}]`;
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw failure('FIELD_INVALID', { field: at });
    const r = item as Record<string, unknown>;
    const invalid = (field: string) => failure('FIELD_INVALID', { field: `${at}.${field}` });
    for (const field of ['record_uid', 'time', 'type', 'opened'])
      if (isMissing(r[field])) throw failure('FIELD_REQUIRED', { field: `${at}.${field}` });
    if (typeof r['record_uid'] !== 'string' || !UUID.test(r['record_uid'])) throw invalid('record_uid');
    const time = r['time'];
    if (typeof time !== 'number' || !Number.isFinite(time) || time < 0 || time > LAST_SECOND)
      throw invalid('time');
    if (!RECORD_TYPES.includes(r['type'] as RecordType)) throw invalid('type');
    if (typeof r['opened'] !== 'boolean') throw invalid('opened');
    const reason = isMissing(r['reason']) ? '' : r['reason'];
    if (typeof reason !== 'string' || !RECORD_REASONS.has(reason)) throw invalid('reason');
    const credential = isMissing(r['credential']) ? '' : text(r['credential'], 64);
    if (credential === undefined) throw invalid('credential');
    let cardUid: string | undefined;
    if (!isMissing(r['card_uid'])) {
      if (typeof r['card_uid'] !== 'string' || !/^[0-9A-Fa-f]{8,20}$/.test(r['card_uid']))
        throw invalid('card_uid');
      cardUid = r['card_uid'].toUpperCase();
    }
    const operator = isMissing(r['operator']) ? undefined : text(r['operator'], 64);
    if (!isMissing(r['operator']) && operator === undefined) throw invalid('operator');
    return {
      record_uid: r['record_uid'].toLowerCase(),
      time: Math.floor(time),
      type: r['type'] as RecordType,
      opened: r['opened'],
      reason,
      credential,
      card_uid: cardUid,
      operator,
    };
  });
}

/** Whose credential a record names: its stay and guest, and for a card its type. */
interface Holder {
  stayId: number | null;
  guest: string;
  cardType?: number;
}

/** The credentials the records name, looked up in one query per kind. */
async function holders(
  db: Kysely<Database>,
  lock: CallingLock,
  records: readonly DeviceRecord[],
): Promise<Map<string, Holder>> {
  const wanted = (type: RecordType) => [
    ...new Set(
      records
        .filter((r) => r.type === type && r.credential !== '' && !FOREIGN_CARD.has(r.reason))
        .map((r) => r.credential),
    ),
  ];
  const found = new Map<string, Holder>();
  const guest = (row: { nickname: string | null; mobile: string | null }) => row.nickname || row.mobile || '';
  const cards = [...new Set(wanted('card').map(cardKey))];
  const passwordIds = wanted('password')
    .filter((c) => /^\d{1,9}$/.test(c))
    .map(Number);
  const faces = wanted('face');
  const fingers = wanted('fingerprint');
  const [cardRows, passwordRows, faceRows, fingerRows] = await Promise.all([
    cards.length === 0
      ? []
      : db
          .selectFrom('cards as c')
          .leftJoin('stays as s', 's.id', 'c.stay_id')
          .select(['c.card_number as key', 'c.stay_id', 'c.type', 's.nickname', 's.mobile'])
          .where('c.hotel_id', '=', lock.hotelId)
          .where('c.card_number', 'in', cards)
          .where('c.status', '<>', 'pending')
          .orderBy('c.id')
          .execute(),
    passwordIds.length === 0
      ? []
      : db
          .selectFrom('lock_passwords as p')
          .leftJoin('stays as s', 's.id', 'p.stay_id')
          .select(['p.id', 'p.stay_id', 's.nickname', 's.mobile'])
          .where('p.hotel_id', '=', lock.hotelId)
          .where('p.room_id', '=', lock.roomId)
          .where('p.id', 'in', passwordIds)
          .execute(),
    faces.length === 0
      ? []
      : db
          .selectFrom('faces as fc')
          .leftJoin('stays as s', 's.id', 'fc.stay_id')
          .select(['fc.face_id as key', 'fc.stay_id', 's.nickname', 's.mobile'])
          .where('fc.hotel_id', '=', lock.hotelId)
          .where('fc.room_id', '=', lock.roomId)
          .where('fc.face_id', 'in', faces)
          .orderBy('fc.id')
          .execute(),
    fingers.length === 0
      ? []
      : db
          .selectFrom('fingerprints as fp')
          .leftJoin('stays as s', 's.id', 'fp.stay_id')
          .select(['fp.finger_id as key', 'fp.stay_id', 's.nickname', 's.mobile'])
          .where('fp.hotel_id', '=', lock.hotelId)
          .where('fp.finger_id', 'in', fingers)
          .orderBy('fp.id')
          .execute(),
  ]);
  // Ordered by id: the newest row of a number or id wins.
  for (const r of cardRows)
    found.set(`card:${r.key}`, { stayId: r.stay_id, guest: guest(r), cardType: r.type });
  for (const r of passwordRows) found.set(`password:${r.id}`, { stayId: r.stay_id, guest: guest(r) });
  for (const r of faceRows) found.set(`face:${r.key}`, { stayId: r.stay_id, guest: guest(r) });
  for (const r of fingerRows) found.set(`fingerprint:${r.key}`, { stayId: r.stay_id, guest: guest(r) });
  return found;
}

/** The record's text in the hotel's terms: what opened, or why the door stayed shut. */
export function recordContent(record: DeviceRecord, cardType?: number): string {
  if (!record.opened) return `Denied: ${REASON_TEXTS[record.reason] ?? (record.reason || 'refused')}`;
  if (record.type === 'card')
    return (
      REASON_TEXTS[record.reason] ?? (cardType === undefined ? 'Card' : (CARD_TEXTS[cardType] ?? 'Card'))
    );
  return OPENED_TEXTS[record.type];
}

/** Where a record came from: the credential and its guest ('card 12345 / Li Wei'), or the Bluetooth operator. */
export function recordSource(record: DeviceRecord, guest: string): string {
  const who = (label: string) => (guest ? `${label} / ${guest}` : label);
  switch (record.type) {
    case 'card':
      return who(record.credential ? `card ${record.credential}` : 'card');
    case 'password':
      return who(record.credential ? `password #${record.credential}` : 'password');
    case 'face':
      return who(record.credential ? `face ${record.credential}` : 'face');
    case 'fingerprint':
      return who(record.credential ? `fingerprint ${record.credential}` : 'fingerprint');
    case 'bluetooth':
      return record.operator ? `Bluetooth / ${record.operator}` : 'Bluetooth';
  }
}

/** Stores an upload's records exactly once (one transaction); answers how many were new and how many known. */
export async function storeRecords(
  db: Kysely<Database>,
  lock: CallingLock,
  upload: { sync_id?: string | undefined; records: DeviceRecord[] },
  now: Date,
): Promise<{ stored: number; duplicates: number }> {
  return db.transaction().execute(async (trx) => {
    const sync = upload.sync_id === undefined ? null : await requireSync(trx, lock, upload.sync_id);
    const known = await holders(trx, lock, upload.records);
    const rows = upload.records.map((r) => {
      const holder = FOREIGN_CARD.has(r.reason) ? undefined : known.get(holderKey(r));
      return {
        hotel_id: lock.hotelId,
        room_id: lock.roomId,
        mac_id: lock.macId,
        type: r.type,
        content: recordContent(r, holder?.cardType),
        source: recordSource(r, holder?.guest ?? ''),
        operator: r.operator ?? '',
        stay_id: holder?.stayId ?? null,
        happened_at: new Date(r.time * 1000),
        created_at: now,
        record_uid: r.record_uid,
        opened: r.opened,
        reason: r.reason,
        credential: r.credential,
        sync_id: sync?.id ?? null,
      };
    });
    const inserted = await trx
      .insertInto('unlock_records')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['hotel_id', 'mac_id', 'record_uid']).where('record_uid', 'is not', null).doNothing(),
      )
      .returning(['type', 'opened', 'credential'])
      .execute();
    // Single-use passwords that opened are spent (only by records stored now: a duplicate already did it).
    const spent = inserted
      .filter((r) => r.type === 'password' && r.opened && /^\d{1,9}$/.test(r.credential))
      .map((r) => Number(r.credential));
    if (spent.length > 0)
      await trx
        .updateTable('lock_passwords')
        .set({ status: 'used' })
        .where('room_id', '=', lock.roomId)
        .where('hotel_id', '=', lock.hotelId)
        .where('id', 'in', [...new Set(spent)])
        .where('single_use', '=', true)
        .where('status', '=', 'active')
        .execute();
    const stored = inserted.length;
    const duplicates = rows.length - stored;
    if (sync)
      await trx
        .updateTable('lock_syncs')
        .set((eb) => ({
          records_stored: eb('records_stored', '+', stored),
          records_duplicate: eb('records_duplicate', '+', duplicates),
        }))
        .where('id', '=', sync.id)
        .execute();
    return { stored, duplicates };
  });
}
