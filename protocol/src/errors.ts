/**
 * The error catalogue of spec §8 (and the messages of the validation rules of spec §5), as codes with English
 * default texts. `{name}` marks a parameter. Translations into the other 11 languages live in `i18n/`.
 * Codes are stable identifiers: the server puts the translated text into `errmsg`, the console and the gateway
 * show the text of the current language.
 */

/** The errno values of the management API (spec §8 'Main client'). */
export const ERRNO = {
  /** Success: the answer's data is returned. */
  ok: 0,
  /** The call is refused and the console rejects silently (no message). */
  silentReject: 9000003,
  /** The session is unknown or expired: the console asks to log in again. */
  loginExpired: 100003,
  /** The session was revoked (password changed, signed out elsewhere): the console clears the token and reloads. */
  sessionRevoked: 9000005,
  /** The call is refused with no message. */
  noMessage: 9000020,
  /** Any other failure carries an errmsg; this project uses 1 for them. */
  failure: 1,
} as const;
export type Errno = (typeof ERRNO)[keyof typeof ERRNO];

export const ERROR_TEXTS = {
  // §8 Main client
  ERROR: 'Error',
  LOGIN_EXPIRED: 'login information expired, please log in again',
  DATA_PARSE_FAILED: 'data parse failed, check network or contact administrator',
  VERIFICATION_CODE_INCORRECT: 'verification code incorrect',
  PASSWORD_INCORRECT: 'incorrect password',
  SESSION_REVOKED: 'your session was ended, please log in again',
  PERMISSION_DENIED: 'no permission for this operation',
  NOT_FOUND: 'the requested record does not exist',
  /** A /manage path no call answers (a typo or a call this server does not have). */
  UNKNOWN_CALL: 'Unknown call: {path}',
  // §8 Device
  DEVICE_RESPONSE_TIMEOUT: 'device response timeout (15 seconds)',
  DEVICE_NOT_RESPONDING: 'device not responding, check connection',
  OPERATION_FAILED: 'operation failed: {message}',
  SECTOR_CHECK_FAILED: 'sector check failed: {message}',
  READ_FAILED_STATUS: 'read failed, status code {status}',
  API_CALL_FAILED: 'API call failed, check the server software is running',
  READER_ERROR_CODE: '{message} error code {retval}',
  HINT_REQUEST_CARD: 'check the card is on the dispenser',
  HINT_OPEN_DEVICE: 'check the device is connected',
  // Frames and bytes (this project's, spec §4 'Device command')
  BAD_CHECKSUM: 'response checksum mismatch',
  /** A command frame (console or remote office → encoder) whose checksum is wrong: refused before the encoder. */
  BAD_COMMAND_CHECKSUM: 'command checksum mismatch',
  FRAME_MALFORMED: 'malformed device frame: {message}',
  UNKNOWN_FRAME_TYPE: 'unknown device frame type {type}',
  HEX_INVALID: 'invalid hex data',
  BLOCK_OUT_OF_RANGE: 'block number out of range for this card',
  DUMP_MALFORMED: 'malformed card dump: {message}',
  ACCESS_BITS_INVALID: 'invalid access bits',
  ACCESS_DENIED: 'access denied by the sector access conditions',
  AUTH_FAILED: 'authentication failed',
  /** Device status 06: the sector's access bits are invalid, so it is blocked for every key (not a wrong key). */
  SECTOR_LOCKED: 'sector locked: its access bits are invalid, so no key can open it',
  // §8 Card reading messages
  CONNECT_DEVICE_FIRST: 'Please connect the device first',
  CARD_READ_FAILED: 'Card reading failed',
  CARD_READ_CANCELLED: 'Card read operation cancelled',
  READ_CARD_CANCELLED: 'read card operation cancelled',
  OPERATION_CANCELLED: 'operation cancelled',
  /** Fingerprint enrolment on the encoder's sensor (reader func enrollFinger). */
  FINGER_ENROLL_FAILED: 'Fingerprint enrolment failed: {message}',
  FINGER_TIMEOUT: 'No finger was pressed in time, please try again',
  FINGER_ENROLL_CANCELLED: 'Fingerprint enrolment cancelled',
  DEVICE_NOT_RESPONDING_CHECK: 'Device not responding, please check the connection',
  SECTOR_VERIFICATION_FAILED: 'Sector verification failed',
  MAX_RETRIES_REACHED: 'Card reading failed, maximum retries reached ({maxRetries})',
  EXTERNAL_CARD: 'External card cannot be used',
  CARD_NOT_ENCRYPTED: 'Card not encrypted',
  ENCRYPTION_FAILED: 'Encryption failed, please retry',
  DECRYPTION_FAILED: 'Decryption failed, please retry',
  TIMEOUT_RETRY: 'Timeout, please retry',
  CARD_ABNORMAL: 'Card abnormal, contact the customer service manager {mobile}',
  NO_ENCRYPTED_SECTOR: 'No encrypted sector detected, contact administrator',
  CARD_READER_ABNORMAL: 'Card reader abnormal',
  READER_START_FAILED: 'Failed to start card reader, check connection',
  READER_OPEN_FAILED: 'Failed to open card reader',
  UID_FAILED: 'Failed to get UID',
  READ_DATA_FAILED: 'Read data failed',
  WRITE_DATA_FAILED: 'Write data failed',
  CARD_NUMBER_MISMATCH: 'Card number mismatch',
  DEVICE_NOT_FOUND: 'Operation failed! Device not found',
  DEVICE_NOT_OPEN: 'Device not turned on',
  NO_CARD: 'No card detected!',
  WRITE_CARD_FAILED: 'Failed to write card!',
  CARD_NO_GUEST_DATA: 'Card has no guest data',
  NO_TENANT_IN_ROOM: 'No tenant in the room',
  NO_GUEST_IN_ROOM: 'no guest in room',
  NO_GUEST_DATA_ON_CARD: 'no guest data on the card',
  CARD_NUMBER_READ: 'card number read',
  READ_TOO_FREQUENT: 'Card reading in progress, please do not click too often',
  // §8 Broker
  BROKER_DEVICE_NOT_CONNECTED: 'device not connected',
  BROKER_INVALID_HEX: 'invalid hex format',
  BROKER_RESPONSE_TIMEOUT: 'response timeout',
  BROKER_CONNECTION_TIMEOUT: 'connection timeout',
  BROKER_INVALID_DEVICE_ID: 'invalid device ID format',
  BROKER_RECONNECTING: 'Trying to reconnect...',
  /** The broker refused the operator's broker credential even after a new one was fetched (issue 19). */
  BROKER_NOT_AUTHORIZED: 'the broker refused the credential',
  /** The server gave no broker credential (signed out, offline): the remote reader cannot connect. */
  BROKER_CREDENTIAL_UNAVAILABLE: 'could not get a broker credential from the server',
  // §8 Other
  SERVICE_EXPIRED: 'Service has expired, please contact customer manager {parentMobile}',
  SERVICE_EXPIRING: 'Service expires in {days} days, please contact customer manager {parentMobile}',
  NICKNAME_TOO_LONG: 'Nickname length exceeds 32 characters',
  EXPIRATION_NOT_FUTURE: 'Expiration time must be later than current time',
  DELETE_FAILED: 'Delete failed',
  SET_EXPIRATION_FAILED: 'Set expiration time failed',
  /** A renewal asked for a stay that has ended (checked out, moved to another room or cancelled). */
  STAY_CLOSED: 'This stay has ended and cannot be renewed',
  CUSTOMER_MANAGER_MOBILE_EMPTY: 'Customer manager mobile number cannot be empty',
  // §5 Validation rules
  ACCOUNT_INVALID: 'Please enter the correct account',
  PASSWORD_TOO_SHORT: 'Password must be at least 6 characters',
  GRAPHIC_CODE_REQUIRED: 'Please enter the graphic code',
  GRAPHIC_CODE_INVALID: 'The graphic code is 4 digits',
  SMS_CODE_REQUIRED: 'Please enter the SMS code',
  MOBILE_INVALID: 'Incorrect mobile number format',
  TENANT_MOBILE_INVALID: 'Incorrect mobile number format for tenant {index}',
  PRICE_TOO_LOW: 'Price cannot be less than 1!',
  CHECK_IN_TIME_REQUIRED: 'Please select the check-in time',
  CHECK_OUT_TIME_REQUIRED: 'Please select the estimated check-out time',
  STAY_TOO_SHORT: 'Check-out must be at least one hour after check-in',
  START_TIME_REQUIRED: 'Please select the start time',
  END_BEFORE_START: 'End time must be later than start time',
  CARD_EXPIRY_REQUIRED: 'Please select the card expiry time',
  CARD_EXPIRY_TOO_LATE: 'Card expiry cannot exceed the year 2035',
  CARD_NUMBER_REQUIRED: 'Please enter the card number',
  BUILDING_REQUIRED: 'Please select the building',
  FLOOR_REQUIRED: 'Please select the floor',
  TOO_MANY_ACCESS_CONTROLS: 'At most 3 access controls can be selected',
  READER_ADDRESS_INVALID: 'The card reader address is 12 digits',
  BLOCK_REQUIRED: 'Block number is required',
  KEY_REQUIRED: 'Key is required',
  KEY_INVALID: 'Key must be exactly 12 characters',
  SENDER_NUMBER_REQUIRED: 'Card dispenser number is required',
  WRITE_DATA_REQUIRED: 'Data is required',
  WRITE_DATA_INVALID: 'Data must be exactly 32 characters',
  FACE_NOTE_REQUIRED: 'Face note cannot be empty',
  FACE_ID_REQUIRED: 'Face ID cannot be empty',
  FACE_IMAGE_REQUIRED: 'Face image cannot be empty',
  // Uploads, faces and fingerprints (this project's, API.md §7)
  FILE_TOO_LARGE: 'The file is too large: at most {max} MB',
  FILE_TYPE_NOT_ALLOWED: 'This type of file is not allowed here; allowed: {types}',
  UPLOAD_TOKEN_INVALID: 'The upload permission is invalid, used or expired; please upload again',
  UPLOAD_FILE_INVALID: 'The file was not uploaded for this use or is already used; please upload it again',
  PICTURE_URL_INVALID: 'The picture must be an uploaded image or an https address',
  FACE_ID_EXISTS: 'A face with this face ID already exists',
  FINGERPRINT_ID_EXISTS: 'A fingerprint with this ID already exists',
  FINGERPRINT_DATA_INVALID: 'The fingerprint template is invalid (hex or base64 from the encoder expected)',
  CHECKIN_PASSWORD_INVALID: 'The password is 6 digits',
  GROUP_NAME_REQUIRED: 'Please enter the group name',
  SORT_ORDER_REQUIRED: 'Please enter the sort order',
  HOTEL_INFO_REQUIRED: 'Merchant or hotel information must be completed first',
  NICKNAME_REQUIRED: 'Please enter the nickname',
  FIELD_REQUIRED: '{field} is required',
  FIELD_INVALID: '{field} is invalid',
  // Server situations (this project's)
  ACCOUNT_NOT_FOUND: 'account does not exist',
  ACCOUNT_FROZEN: 'this account is frozen',
  ACCOUNT_EXISTS: 'an account with this mobile number already exists',
  TOO_MANY_ATTEMPTS: 'too many attempts, please try again later',
  SMS_TOO_FREQUENT: 'an SMS code was sent less than 60 seconds ago',
  SMS_CODE_INCORRECT: 'SMS code incorrect or expired',
  ROOM_OCCUPIED: 'the room already has a stay in this period',
  ROOM_NOT_AVAILABLE: 'this room cannot be checked into in its current status',
  GROUP_NOT_EMPTY: 'the group still holds rooms',
  // Rooms added and removed from the console (this project's)
  ROOM_NAME_EXISTS: 'a room with this name already exists',
  LOCK_MAC_IN_USE: 'this lock is already bound to another room',
  ROOM_HAS_HISTORY: 'the room has stays or credentials and cannot be deleted; set it to maintenance instead',
  /** room/setRoomStatus: a room cannot be made vacant while a guest's stay in it is still open (issue 19). */
  ROOM_STAY_OPEN: "a guest's stay is still open in this room; check the guest out first",
  // PIN passwords (room/password*)
  PASSWORD_IN_USE: 'this password is already in use in this room',
  PASSWORD_LIMITED: 'this tenant may not use PIN passwords',
  TENANT_FROZEN: 'this tenant is frozen and may not unlock',
  PASSWORD_OUTSIDE_STAY: 'the password must be valid within the stay',
  PASSWORD_NOT_ACTIVE: 'this password is no longer active',
  // Card issuing and forgery resistance (this project's, GUEST-CARD.md 'Forgery resistance')
  /** The lock rule or the server found a card whose signed content (or stored UID) was changed. */
  CARD_TAMPERED: 'This card was altered and is refused',
  /** The signature is good but was made for another card's UID: the content was copied onto this card. */
  CARD_COPIED: 'This card is a copy made on another card and is refused',
  /** A card of a hotel with signed cards that carries no signature block (53). */
  CARD_UNSIGNED: 'This card carries no LockDesk signature',
  WRONG_CARD: 'Another card was put on the encoder; put back the card being written',
  CARD_WRITE_UNVERIFIED: 'The card did not read back as written; it was not issued',
  CARD_ISSUE_EXPIRED: 'The card write took too long; start again',
  CARD_REMOVED: 'The card was taken off the encoder before it was written; nothing was issued',
  ENCRYPTION_NOT_ENABLED: 'Card encryption is not turned on for this hotel',
  CARD_NOT_ISSUED: 'This card is not a card of this hotel',
  /** A card-service deleteRoomCard (or delete) of a card that is no longer issued: its real state. */
  CARD_ALREADY_DELETED: 'This card was already deleted',
  CARD_ALREADY_WITHDRAWN: 'This card was already withdrawn',
  CARD_NEVER_ISSUED: 'This card was never issued: its write was not confirmed',
  /** An information text: a deleted card or a new universal card reaches the lock with its next Bluetooth unlock. */
  BLUETOOTH_SYNC_NEEDED: 'Takes effect on the lock after the next Bluetooth unlock',
  /** Spec §6: master and super cards are issued by the super administrator only. */
  MASTER_CARD_NOT_VALID:
    "A secondary administrator's master card is not valid: only the super administrator can issue one",
  // Locks and their device API (issue 10)
  LOCK_AUTH_FAILED: 'The lock could not be identified: its secret is missing, unknown or withdrawn',
  LOCK_SYNC_UNKNOWN: 'This sync is unknown or belongs to another lock',
  ROOM_HAS_NO_LOCK: 'This room has no lock (no mac id)',
  // Firmware (issue 11, API.md §13)
  FIRMWARE_VERSION_EXISTS: 'A firmware of this lock model with this version already exists',
  // Exports (issue 10)
  EXPORT_LINK_EXPIRED: 'This download link has expired or was already used; export again',
  EXPORT_TOO_MANY: 'An export is already running for you; wait until it finishes',
  // API keys and the card-service API (issue 11, API.md §17, §18)
  API_KEY_INVALID: 'The API key is invalid or has been revoked',
  // Bills (issue 11, API.md §15)
  BALANCE_INSUFFICIENT: 'The balance is not enough: {balance} yuan available',
  REFUND_TOO_LARGE: 'At most {max} yuan of this order can still be refunded',
  ORDER_NOT_REFUNDABLE: 'Only room charges and deposits can be refunded',
  CASH_DATA_REQUIRED: 'Set the bank account for withdrawals first',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_TEXTS;
export type ErrorTexts = Record<ErrorCode, string>;
export const ERROR_CODES = Object.keys(ERROR_TEXTS) as ErrorCode[];

/** The texts the English console shows instead of the server's wording (spec §8 'Main client'). */
export const ENGLISH_DISPLAY_REWRITES: Readonly<Record<string, string>> = {
  'verification code incorrect': 'Incorrect verification code',
  'incorrect password': 'Incorrect password',
};

/** Fills `{name}` parameters of a text; an unknown parameter stays visible as `{name}`. */
export function fillParams(text: string, params?: Record<string, string | number>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** The text of a code in the given table (English by default), with its parameters filled. */
export function errorText(
  code: ErrorCode,
  params?: Record<string, string | number>,
  texts: ErrorTexts = ERROR_TEXTS,
): string {
  return fillParams(texts[code] ?? ERROR_TEXTS[code] ?? ERROR_TEXTS.ERROR, params);
}

/** True when a string is a known catalogue code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_TEXTS, value);
}
