/**
 * The whole data model as Kysely table types. One interface per table; the SQL lives in `migrations/`.
 *
 * Conventions (both drivers behave the same, see db/index.ts):
 * - Column names are snake_case, exactly as in SQL (no camel-case plugin). Answers map them to the spec's field
 *   names in the route, not here.
 * - Ids are `serial` integers (JS number). `numeric` money columns come back as JS numbers (yuan, 2 decimals);
 *   `timestamptz` columns come back as `Date`. Calendar days that are not instants (specific-date prices) are
 *   `text` 'YYYY-MM-DD' so no time zone ever shifts them.
 * - `Generated<T>` marks a column with a default: optional on insert.
 */
import type {
  CheckInKind,
  CpuCardStatus,
  FingerprintDeliveryStatus as DeliveryStatus,
  ExportFormat,
  ExportKind,
  M1CardStatus,
  UploadPurpose,
} from '@lockdesk/protocol';
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamptz column with a default (`now()`). */
export type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
/** A numeric money column in yuan (read as number, written as number or string). */
export type Money = ColumnType<number, number | string | undefined, number | string>;
/**
 * jsonb columns are typed `ColumnType<T, string | undefined, string>`: read as T, written as JSON.stringify(value)
 * (pg would turn a JS array into a PG array literal).
 */

/** Account roles (spec §6). A tenant is not an account: tenants are `stays`/`passengers`. */
export const ROLES = ['super', 'secondary', 'staff', 'customer_manager'] as const;
export type Role = (typeof ROLES)[number];

/** Stay lifecycle. 'reserved' and 'active' occupy the room; the DB refuses overlaps between them (001). */
export const STAY_STATUSES = ['reserved', 'active', 'checked_out', 'moved', 'cancelled'] as const;
export type StayStatus = (typeof STAY_STATUSES)[number];

// How a stay was checked in (room detail tabs, spec §2): the check-in contract's list (protocol/src/calls/stays.ts).
export { CHECK_IN_KINDS, type CheckInKind } from '@lockdesk/protocol';

/** The hotel (merchant) an account works for; spec §3 'Hotel'. */
export interface HotelsTable {
  id: Generated<number>;
  name: Generated<string>;
  address: Generated<string>;
  telephone: Generated<string>;
  latitude: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  longitude: ColumnType<number | null, number | string | null | undefined, number | string | null>;
  /** Whether the hotel offers breakfast at all (room/hotelBreakFast). */
  breakfast_enabled: Generated<boolean>;
  /** Breakfast serving hours, 'HH:mm', null when not set. */
  breakfast_start: string | null;
  breakfast_end: string | null;
  /** Price per breakfast (yuan). */
  breakfast_price: Money;
  /** The merchant balance in fen (014): recharges and stay charges in, refunds and withdrawals out. */
  balance_fen: Generated<number>;
  /** The bank account withdrawals go to (order/setCashData); null until set. */
  cash_holder: string | null;
  cash_bank: string | null;
  cash_account: string | null;
  cash_set_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Breakfast options of a hotel (room/hotelBreakFastList): e.g. none, single, double. */
export interface HotelBreakfastsTable {
  id: Generated<number>;
  hotel_id: number;
  name: string;
  /** Portions per day this option includes; a stay stores the chosen count in `stays.breakfast`. */
  count: Generated<number>;
  price: Money;
  sort: Generated<number>;
  created_at: CreatedAt;
}

/** Console accounts: super/secondary administrators, staff and customer managers (spec §6). */
export interface UsersTable {
  id: Generated<number>;
  /** 11-digit mainland mobile; unique among accounts when set. */
  mobile: string | null;
  /** Lower-cased; unique when set. */
  email: string | null;
  /** `scrypt$N$r$p$saltB64$hashB64` (auth/password.ts). */
  password_hash: string;
  role: Role;
  /** The hotel the account works for; null for customer managers. */
  hotel_id: number | null;
  /** The customer manager (parent account) of a super administrator: the contact when service expires. */
  parent_id: number | null;
  /** Who created this account (a super admin adding a secondary admin or staff). */
  created_by: number | null;
  /** End of the paid service period; null = no limit. Checked at login and on every call (SERVICE_EXPIRED). */
  service_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  frozen: Generated<boolean>;
  /** Validity of a secondary admin / staff account (user/setUserExpiration); null = no limit. */
  valid_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  nickname: Generated<string>;
  name: Generated<string>;
  avatar: Generated<string>;
  /** 0 unknown, 1 male, 2 female. */
  gender: Generated<number>;
  nationality: Generated<string>;
  /** 'YYYY-MM-DD' or null. */
  birth_date: string | null;
  id_number: Generated<string>;
  /** Management authorities granted to a secondary admin or staff (auth/permissions.ts names). */
  authorities: ColumnType<string[], string | undefined, string>;
  /** Card dispenser type chosen by the user (User/setUserDispenserType), e.g. '1'…'4'. */
  dispenser_type: string | null;
  password_changed_at: CreatedAt;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Login sessions; the token itself is never stored, only its SHA-256. */
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  client_uuid: string | null;
  user_agent: string | null;
  ip: string | null;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why it ended: logout, password_changed, password_reset, frozen or signed_out_elsewhere. */
  revoke_reason: string | null;
}

/** Every login attempt, for the graphic-code requirement and the rate limit. */
export interface LoginAttemptsTable {
  id: Generated<number>;
  /** Lower-cased account as typed (mobile or email). */
  account: string;
  client_uuid: string | null;
  ip: string | null;
  success: boolean;
  created_at: CreatedAt;
}

/** Graphic codes (the 4-digit login code). */
export interface CaptchasTable {
  id: string;
  client_uuid: string | null;
  code: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** SMS verification codes (password recovery). */
export interface SmsCodesTable {
  id: Generated<number>;
  mobile: string;
  /** 'reset' (getBack) | 'register'. */
  purpose: string;
  code: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attempts: Generated<number>;
  created_at: CreatedAt;
}

/** Every SMS handed to the provider; the default provider only writes here and to the log. */
export interface SmsOutboxTable {
  id: Generated<number>;
  mobile: string;
  text: string;
  provider: string;
  created_at: CreatedAt;
}

/**
 * Room categories. kind 'group' = room groups (room/category/*: name + sort); kind 'hotel' = the hotel's own
 * category tree (hotel/parentCategoryList, categoryList: a parent_id of null is a top level, e.g. a building).
 */
export interface RoomCategoriesTable {
  id: Generated<number>;
  hotel_id: number;
  parent_id: number | null;
  kind: Generated<string>;
  name: string;
  sort: Generated<number>;
  created_at: CreatedAt;
}

/** A room and its lock (spec §3 'Room/lock'); status codes are ROOM_STATUS of @lockdesk/protocol. */
export interface RoomsTable {
  id: Generated<number>;
  hotel_id: number;
  /** Room group (room_categories kind 'group'); null = ungrouped. */
  category_id: number | null;
  name: string;
  status: Generated<number>;
  /** Lock MAC, 12 upper-case hex characters; unique across the installation. */
  mac_id: string | null;
  lock_id: string | null;
  building: number | null;
  floor: number | null;
  remark: Generated<string>;
  /** Lock notice (bulletin). */
  notice: Generated<string>;
  picture: Generated<string>;
  description: Generated<string>;
  bluetooth_name: Generated<string>;
  /** Lock battery in percent, null when never reported. */
  battery: number | null;
  lock_version: string | null;
  /** Prices in yuan (spec §3 'Room price'). */
  deposit: Money;
  usual_price: Money;
  weekend_price: Money;
  /** Renewal at the set price. */
  renew: Generated<boolean>;
  price_template_id: number | null;
  /** A door that access-control cards open (room/setAccessControl, 008). */
  access_control: Generated<boolean>;
  /** Numeric-aware sort key of the name, generated by the database (002). */
  name_key: ColumnType<string, never, never>;
  created_at: CreatedAt;
  /** The 'modified date' of spec §3. */
  updated_at: CreatedAt;
}

/** Specific-date prices of a room; one price per room and day. */
export interface RoomDatePricesTable {
  id: Generated<number>;
  room_id: number;
  /** 'YYYY-MM-DD' (hotel calendar day). */
  day: string;
  price: Money;
}

/** Price templates (priceTemplate/*). date_prices: [{ day: 'YYYY-MM-DD', price }]. */
export interface PriceTemplatesTable {
  id: Generated<number>;
  hotel_id: number;
  name: string;
  deposit: Money;
  usual_price: Money;
  weekend_price: Money;
  date_prices: ColumnType<{ day: string; price: number }[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/**
 * A stay (tenant record) in a room. The primary tenant's fields are on the stay; companions are in stay_guests.
 * DB guarantees (001): at most one 'active' stay per room (unique partial index) and no two 'reserved'/'active'
 * stays of a room overlap in [check_in, check_out) (exclusion constraint, btree_gist).
 */
export interface StaysTable {
  id: Generated<number>;
  hotel_id: number;
  room_id: number;
  passenger_id: number | null;
  mobile: Generated<string>;
  nickname: Generated<string>;
  id_number: Generated<string>;
  check_in: Timestamp;
  /** Estimated check-out. */
  check_out: Timestamp;
  /** Actual check-out (or move) time. */
  checked_out_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  other_information: Generated<string>;
  /** Breakfast portions per day (0 = none). */
  breakfast: Generated<number>;
  unlock_by_id_card: Generated<boolean>;
  disable_old_cards: Generated<boolean>;
  status: Generated<StayStatus>;
  kind: Generated<CheckInKind>;
  price: Money;
  deposit: Money;
  /** The stay this one continues after a move (room/exchangeHouses). */
  moved_from_stay_id: number | null;
  /** A frozen tenant keeps the stay but may not unlock (user/freezeUser, 002). */
  frozen: Generated<boolean>;
  /** The tenant may not use PIN passwords (room/tenant/limitPassword, 002). */
  password_limited: Generated<boolean>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Companions of a stay (tenant index 2, 3, …). */
export interface StayGuestsTable {
  id: Generated<number>;
  stay_id: number;
  passenger_id: number | null;
  position: number;
  mobile: Generated<string>;
  nickname: Generated<string>;
  id_number: Generated<string>;
}

/** Guests known to a hotel (passenger/list, info). */
export interface PassengersTable {
  id: Generated<number>;
  hotel_id: number;
  mobile: Generated<string>;
  nickname: Generated<string>;
  name: Generated<string>;
  id_number: Generated<string>;
  gender: Generated<number>;
  nationality: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Rooms assigned to a secondary administrator or granted to a staff member (spec §6). */
export interface UserRoomsTable {
  user_id: number;
  room_id: number;
  granted_by: number | null;
  created_at: CreatedAt;
}

/** The operation log: every mutating call, written by defineCall. */
export interface OperationLogTable {
  id: Generated<number>;
  hotel_id: number | null;
  user_id: number | null;
  /** The call path without /manage/, e.g. room/setHotelInfo. */
  path: string;
  summary: string;
  /** 0 when the call succeeded, else the errno answered. */
  errno: Generated<number>;
  /** The error code when it failed. */
  code: string | null;
  ip: string | null;
  client_uuid: string | null;
  user_agent: string | null;
  /** The rooms the call touched (resolved through ctx.requireRoom / requireRooms); empty for hotel-wide calls. */
  room_ids: Generated<number[]>;
  created_at: CreatedAt;
}

// ---- Wave 2: tables designed now, used by later calls ----

/**
 * Card states (008, 010): 'pending' from the write plan until the read-back is verified, then 'issued'; a plan never
 * confirmed (expired, or superseded by a new plan for the same stay or UID) becomes 'void'.
 */
export const CARD_STATUSES = ['pending', 'issued', 'withdrawn', 'deleted', 'void'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Key cards of every type (CARD_TYPE 1–6 of @lockdesk/protocol; API.md §8, 008). */
export interface CardsTable {
  id: Generated<number>;
  hotel_id: number;
  /** The stay a normal (guest) card was issued for. */
  stay_id: number | null;
  room_id: number | null;
  /** Decimal text; one issued card per number in a hotel (008). */
  card_number: string;
  type: number;
  note: Generated<string>;
  building: number | null;
  floor: number | null;
  mac_id: string | null;
  start_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  end_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Issue sequence: a card with 'unsubscribe old card' invalidates lower sequences. */
  sequence: Generated<number>;
  status: Generated<CardStatus>;
  uid: string | null;
  /** Sector key (12 hex) when the card was encrypted. */
  key: string | null;
  encrypted: Generated<boolean>;
  /** The blocks as written and verified, by MIFARE block ({"4": "32 hex", …, "53", "54"}). */
  blocks: ColumnType<Record<string, string>, string | undefined, string>;
  issued_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  unsubscribe_old: Generated<boolean>;
  /** Rooms with access_control this card opens (at most 3). */
  access_controls: ColumnType<number[], number[] | undefined, number[]>;
  /** Universal cards: the locks they should open (empty: every lock of the hotel). */
  room_ids: ColumnType<number[], number[] | undefined, number[]>;
  /** A pending card's write must be verified before this time. */
  pending_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The sectors of the card carrying the hotel's diversified keys once this card's write is done. */
  key_sectors: ColumnType<number[], number[] | undefined, number[]>;
  /** ISSUER_ROLE name written into the card. */
  issuer_role: Generated<'main' | 'secondary' | 'staff'>;
  issued_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  withdrawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  lock_synced: Generated<boolean>;
  /** The card this one replaces once issued (same number, new validity: /card/setTime). */
  replaces_id: number | null;
  /** The newer card ('unsubscribe old card') that made this one stop opening. */
  superseded_by: number | null;
}

/** Per hotel: the card secret (encrypted with the server key), encrypted sectors and counters (008). */
export interface HotelCardsTable {
  hotel_id: number;
  /** AES-256-GCM of the 32-byte secret: 'v1:' iv . tag . ciphertext (base64), services/card-keys.ts. */
  secret_enc: string | null;
  encrypted_sectors: ColumnType<number[], number[] | undefined, number[]>;
  card_sequence: Generated<number>;
  card_number_seq: Generated<number>;
  updated_at: CreatedAt;
}

/** What a lock has to learn by its next Bluetooth unlock about a card (008). */
export interface CardLockSyncTable {
  id: Generated<number>;
  hotel_id: number;
  card_id: number;
  room_id: number;
  action: 'delete' | 'learn';
  created_at: CreatedAt;
  synced_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Which sectors of a physical card (by UID) carry the hotel's diversified keys, as last verified (008). */
export interface CardUidKeysTable {
  hotel_id: number;
  uid: string;
  sectors: ColumnType<number[], number[] | undefined, number[]>;
  updated_at: CreatedAt;
}

/** PIN passwords on locks (room/password*); the digits are never stored (005, domain/pin.ts). */
export interface LockPasswordsTable {
  id: Generated<number>;
  hotel_id: number;
  room_id: number;
  stay_id: number | null;
  /** 'remote' (generated by the server) | 'custom' (entered by the operator). */
  kind: 'remote' | 'custom';
  /** `pbkdf2-sha256$iterations$salt$key` (base64): a lock verifies a typed PIN against it (domain/pin.ts). */
  pin_hash: string;
  start_time: Timestamp;
  end_time: Timestamp;
  single_use: Generated<boolean>;
  /** 'active' | 'used' (a single-use PIN the lock reported) | 'revoked'; 'expired' is computed from end_time. */
  status: Generated<'active' | 'used' | 'revoked'>;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Removed from the history (room/deletePassword); kept so the lock sync still sees it withdrawn. */
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** Face library (user/uploadTFaceImg …). */
export interface FacesTable {
  id: Generated<number>;
  hotel_id: number;
  stay_id: number | null;
  room_id: number | null;
  face_id: string;
  note: Generated<string>;
  /** The image's URL as answered (`/files/<key>`). */
  image: string;
  /** 'active' | 'deleted' (006: one live face per face id in a hotel). */
  status: Generated<string>;
  created_at: CreatedAt;
  /** The note shown on the lock (006). */
  lock_note: Generated<string>;
  /** The upload the image is (uploads.key, 006); its file is removed with the face. */
  upload_key: string | null;
  updated_at: CreatedAt;
}

/** Fingerprint library (fingerprint/*). */
export interface FingerprintsTable {
  id: Generated<number>;
  hotel_id: number;
  stay_id: number | null;
  room_id: number | null;
  finger_id: string;
  note: Generated<string>;
  /** The template (lower-case hex); never answered, emptied when the fingerprint is deleted. */
  data: string;
  /** 'active' | 'deleted' (006: one live fingerprint per finger id in a hotel). */
  status: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

// Upload purposes (oss/token, 006): the upload contract's list (protocol/src/calls/files.ts).
export { UPLOAD_PURPOSES, type UploadPurpose } from '@lockdesk/protocol';

/** Single-use upload permissions (oss/token, 006); only the SHA-256 of the token is kept. */
export interface UploadTokensTable {
  id: Generated<number>;
  token_hash: string;
  session_id: number;
  user_id: number;
  hotel_id: number;
  purpose: UploadPurpose;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** Stored files (POST /upload, GET /files/<key>, 006); the bytes live in the storage (services/storage.ts). */
export interface UploadsTable {
  id: Generated<number>;
  key: string;
  hotel_id: number;
  user_id: number | null;
  purpose: UploadPurpose;
  /** The type sniffed from the bytes, served as Content-Type. */
  content_type: string;
  size: number;
  created_at: CreatedAt;
}

/** Delivery states of a fingerprint on a lock (the contract's). */
export type { DeliveryStatus };

/** A fingerprint sent to a room's lock (fingerprint/send, 006): pending until the lock syncs. */
export interface FingerprintDeliveriesTable {
  id: Generated<number>;
  hotel_id: number;
  fingerprint_id: number;
  room_id: number;
  status: Generated<DeliveryStatus>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Unlock records reported by locks (room/openHistory). */
export interface UnlockRecordsTable {
  id: Generated<number>;
  hotel_id: number;
  room_id: number | null;
  mac_id: string | null;
  /** 'card' | 'password' | 'face' | 'fingerprint' | 'bluetooth' | 'remote'. */
  type: string;
  content: Generated<string>;
  /** Who or what opened: card number, password id, operator name. */
  source: Generated<string>;
  operator: Generated<string>;
  stay_id: number | null;
  happened_at: Timestamp;
  created_at: CreatedAt;
  /** The lock's own id of the record (a uuid; 011): one record is stored once per lock. Null for older records. */
  record_uid: string | null;
  /** False when the lock refused (011). */
  opened: Generated<boolean>;
  /** protocol UnlockReason, or a non-card reason ('passwordUnknown', 'bluetooth', …); '' for older records. */
  reason: Generated<string>;
  /** Card number / password id / face id / finger id the lock read ('' when none). */
  credential: Generated<string>;
  /** The sync that uploaded it (lock_syncs.id). */
  sync_id: number | null;
}

/**
 * The full state a lock must hold after a sync (API.md §10 'STATE'): sent at sync/start, kept in lock_syncs.state
 * and, once the lock confirmed it, in lock_devices.confirmed_state. Times are epoch seconds.
 */
export interface LockStateJson {
  deleted_cards: number[];
  universal_cards: number[];
  sequences: Record<string, number>;
  passwords: { id: number; pin_hash: string; start_time: number; end_time: number; single_use: boolean }[];
  faces: { id: number; face_id: string; start_time: number; end_time: number }[];
  fingerprints: { id: number; finger_id: string; start_time: number; end_time: number }[];
}

/** A room whose lock holds a secret (011); the secret itself is never stored, only its SHA-256 hex. */
export interface LockDevicesTable {
  room_id: number;
  hotel_id: number;
  secret_hash: string;
  secret_issued_at: Timestamp;
  /** The state of the last finished sync; `{}` before the first. */
  confirmed_state: ColumnType<Partial<LockStateJson>, string | undefined, string>;
  confirmed_sync_id: number | null;
  last_sync_at: Timestamp | null;
  last_seen_at: Timestamp | null;
  /** Lock clock minus server clock at its last sync start, as the lock reported it. */
  clock_drift_ms: number | null;
}

/** One Bluetooth unlock (sync) of a lock (011). */
export interface LockSyncsTable {
  id: Generated<number>;
  hotel_id: number;
  room_id: number;
  /** The random id handed to the lock. */
  sync_uid: string;
  state: ColumnType<LockStateJson, string, string>;
  operator: Generated<string>;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
  records_stored: Generated<number>;
  records_duplicate: Generated<number>;
  /** The newest card_lock_sync id of the room when the state was taken: rows up to it are covered by the state. */
  card_sync_upto: Generated<number>;
  /** The deliveries its finish confirmed (card_lock_sync rows + fingerprint deliveries). */
  confirmed: Generated<number>;
  /** The lock's clock at the start, as reported. */
  lock_time: Timestamp | null;
}

// The export contract's kinds and formats (protocol/src/calls/files.ts).
export {
  EXPORT_FORMATS,
  EXPORT_KINDS,
  type ExportFormat,
  type ExportKind,
} from '@lockdesk/protocol';

/** A single-use download link of an export (012, API.md §11); only the token's SHA-256 hex is stored. */
export interface ExportLinksTable {
  id: Generated<number>;
  token_hash: string;
  hotel_id: number;
  user_id: number;
  /** The session that made it: the link dies with the session. */
  session_id: number;
  kind: ExportKind;
  format: ExportFormat;
  /** Storage code of the caller's language at export/create (headers and values are written in it). */
  language: string;
  /** The checked filters, times as ISO text. */
  filters: ColumnType<Record<string, unknown>, string | undefined, string>;
  file_name: string;
  expires_at: Timestamp;
  /** When the download started (the link is then spent). */
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the file was written to its end (or the download broke off). */
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  rows_written: number | null;
  created_at: CreatedAt;
}

/** Lock firmware images (lock/getFirmwaresList, addFirmwares; 016). */
export interface FirmwaresTable {
  id: Generated<number>;
  hotel_id: number;
  name: string;
  version: string;
  /** The stored file's URL (`/files/<key>`) and key (an upload of purpose 'firmware'). */
  url: string;
  upload_key: string;
  /** The name the file was chosen under (its extension agrees with the sniffed type). */
  file_name: Generated<string>;
  size: Generated<number>;
  sha256: Generated<string>;
  /** The lock model it is for ('' = any). */
  model: Generated<string>;
  /** The rooms it applies to; empty = every room of the hotel with a lock. */
  room_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_by: number | null;
  note: Generated<string>;
  created_at: CreatedAt;
}

/** A face of the face library granted to one more room's lock for a period (lock/empowerFace; 016). */
export interface FaceGrantsTable {
  id: Generated<number>;
  hotel_id: number;
  face_id: number;
  room_id: number;
  start_time: Timestamp;
  end_time: Timestamp;
  granted_by: number | null;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Card dispensers / encoders bound to users (cardDispenser/*). */
export interface CardDispensersTable {
  id: Generated<number>;
  hotel_id: number | null;
  mac_id: string;
  name: Generated<string>;
  /** Dispenser type '1'…'4'. */
  type: Generated<string>;
  bound_user_id: number | null;
  status: Generated<string>;
  last_seen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** Delivery states of an M1 card registration on a lock (009). */
export { M1_CARD_STATUSES, type M1CardStatus } from '@lockdesk/protocol';

/** A MIFARE card registered by UID on a room's lock (lockCardM1/*, 009), delivered by Bluetooth. */
export interface M1CardsTable {
  id: Generated<number>;
  hotel_id: number;
  room_id: number;
  /** 8 or 14 upper-case hex (4- or 7-byte UID). */
  uid: string;
  note: Generated<string>;
  end_time: Timestamp;
  status: Generated<M1CardStatus>;
  delivered_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** States of a CPU card (009): registered, queued on a CPU dispenser, then issued or failed (the contract's). */
export { CPU_CARD_STATUSES, type CpuCardStatus } from '@lockdesk/protocol';

/** A CPU card by serial (lockCardCpu/*, 009), for a stay, a room or the hotel. */
export interface CpuCardsTable {
  id: Generated<number>;
  hotel_id: number;
  room_id: number | null;
  stay_id: number | null;
  /** 8–20 upper-case hex. */
  serial: string;
  note: Generated<string>;
  end_time: Timestamp;
  status: Generated<CpuCardStatus>;
  /** The dispenser it was last sent to. */
  dispenser_id: number | null;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** Orders and bills (order/*, 014). Amounts in fen. */
export interface OrdersTable {
  id: Generated<number>;
  hotel_id: number;
  user_id: number | null;
  stay_id: number | null;
  /** The room of a stay's charge or of its refund. */
  room_id: number | null;
  /** 'room' | 'deposit' (income of a stay) | 'recharge' (in) | 'refund' | 'withdrawal' (out). */
  kind: string;
  amount_fen: number;
  /** Of a room charge or deposit: what was already paid back (at most amount_fen). */
  refunded_fen: Generated<number>;
  /** Of a refund: the order it pays back. */
  refund_of: number | null;
  /** Of a withdrawal: the bank account it was paid to. */
  bank_holder: string | null;
  bank_name: string | null;
  bank_account: string | null;
  status: Generated<string>;
  note: Generated<string>;
  created_at: CreatedAt;
}

/** Messages shown in the message list. */
export interface MessagesTable {
  id: Generated<number>;
  hotel_id: number | null;
  user_id: number | null;
  title: Generated<string>;
  content: Generated<string>;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  /** What it says (015, services/messages.ts MESSAGE_KINDS); 'notice' for rows older than 015. */
  kind: Generated<string>;
  /** What it is about, e.g. 'room:17': one open message per (hotel, kind, subject). */
  subject: Generated<string>;
  /** The values the console composes the text from (room name, battery, days, …). */
  params: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The room it is about; only accounts whose room scope holds it see it. */
  room_id: number | null;
  updated_at: CreatedAt;
  /** When the condition ended (or an event message was read or deleted): a new one may open after. */
  closed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Third-party API keys (user/apiKeyList, apikey, apiKeyDel); only the hash of the secret is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  hotel_id: number;
  user_id: number;
  name: Generated<string>;
  key_prefix: string;
  key_hash: string;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the key last signed in or called the card-service API (018). */
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

/** A card-service bearer token (POST /auth/login, 018): only its SHA-256 hex; dies with its key's revocation. */
export interface CardServiceTokensTable {
  id: Generated<number>;
  token_hash: string;
  api_key_id: number;
  ip: string | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** A card planned through the card-service API (POST /linQuan/writeRoomCard, 018): which key, for which guest. */
export interface CardServiceCardsTable {
  card_id: number;
  hotel_id: number;
  api_key_id: number | null;
  key_prefix: string;
  guest_name: Generated<string>;
  created_at: CreatedAt;
}

/** Calls per key and one-minute bucket, shared by the replicas (migration 019, auth/rate-limit.ts). */
export interface RateWindowsTable {
  key: string;
  /** The bucket's start, ms since epoch (server clock). */
  minute: number;
  count: number;
}

/** "At most once per period" claims shared by the replicas (migration 019). */
export interface ThrottlesTable {
  key: string;
  /** ms since epoch (server clock) of the last claim. */
  claimed_at: number;
  /** ms since epoch before which the key may not be claimed again. */
  until: number;
}

/** What every replica sharing the database must agree on (020): the server key's fingerprint. */
export interface ServerSettingsTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}

/** Uploaded files kept in the database (020), when the server runs on PostgreSQL (services/storage.ts). */
export interface StoredFilesTable {
  key: string;
  content_type: string;
  size: number;
  body: Buffer;
  created_at: Generated<Date>;
}

/** Broker credentials (migration 021, services/broker-credentials.ts); only the password's SHA-256 is stored. */
export interface BrokerCredentialsTable {
  id: Generated<number>;
  username: string;
  secret_hash: string;
  kind: 'console' | 'gateway';
  hotel_id: number;
  /** The console credential's session. */
  session_id: number | null;
  /** The gateway credential's card reader. */
  dispenser_id: number | null;
  created_at: Timestamp;
  /** Console credentials only; renewed while the session lives. */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the managed broker (dynamic security) got it; null without a managed broker. */
  mirrored_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** The database as Kysely sees it. */
export interface Database {
  hotels: HotelsTable;
  hotel_breakfasts: HotelBreakfastsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  captchas: CaptchasTable;
  sms_codes: SmsCodesTable;
  sms_outbox: SmsOutboxTable;
  room_categories: RoomCategoriesTable;
  rooms: RoomsTable;
  room_date_prices: RoomDatePricesTable;
  price_templates: PriceTemplatesTable;
  stays: StaysTable;
  stay_guests: StayGuestsTable;
  passengers: PassengersTable;
  user_rooms: UserRoomsTable;
  operation_log: OperationLogTable;
  cards: CardsTable;
  hotel_cards: HotelCardsTable;
  card_lock_sync: CardLockSyncTable;
  card_uid_keys: CardUidKeysTable;
  lock_passwords: LockPasswordsTable;
  faces: FacesTable;
  fingerprints: FingerprintsTable;
  unlock_records: UnlockRecordsTable;
  firmwares: FirmwaresTable;
  face_grants: FaceGrantsTable;
  card_dispensers: CardDispensersTable;
  orders: OrdersTable;
  messages: MessagesTable;
  api_keys: ApiKeysTable;
  card_service_tokens: CardServiceTokensTable;
  card_service_cards: CardServiceCardsTable;
  upload_tokens: UploadTokensTable;
  uploads: UploadsTable;
  fingerprint_deliveries: FingerprintDeliveriesTable;
  m1_cards: M1CardsTable;
  cpu_cards: CpuCardsTable;
  lock_devices: LockDevicesTable;
  lock_syncs: LockSyncsTable;
  export_links: ExportLinksTable;
  rate_windows: RateWindowsTable;
  throttles: ThrottlesTable;
  server_settings: ServerSettingsTable;
  stored_files: StoredFilesTable;
  broker_credentials: BrokerCredentialsTable;
}

export type Hotel = Selectable<HotelsTable>;
export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type Room = Selectable<RoomsTable>;
export type NewRoom = Insertable<RoomsTable>;
export type Stay = Selectable<StaysTable>;
export type NewStay = Insertable<StaysTable>;
export type RoomCategory = Selectable<RoomCategoriesTable>;
export type Card = Selectable<CardsTable>;
export type Firmware = Selectable<FirmwaresTable>;
export type FaceGrant = Selectable<FaceGrantsTable>;
