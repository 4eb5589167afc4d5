import type { UnlockReason } from '@lockdesk/protocol';

/** Why a lock refused a password, face or fingerprint, or opened by Bluetooth (contracts C, RECORD.reason). */
export type DeviceReason =
  | 'passwordUnknown'
  | 'passwordExpired'
  | 'faceUnknown'
  | 'fingerUnknown'
  | 'bluetooth';
export type RecordReason = UnlockReason | DeviceReason;

/** Every reason a record may carry: the protocol's lock rule (cards) and the lock's other credentials. */
export const RECORD_REASONS: readonly RecordReason[] = [
  'masterCard',
  'buildingCard',
  'floorCard',
  'guestCard',
  'universalCard',
  'superCard',
  'corruptedCard',
  'externalCard',
  'emptyCard',
  'unsignedCard',
  'tamperedCard',
  'copiedCard',
  'wrongHotel',
  'wrongBuilding',
  'wrongFloor',
  'wrongRoom',
  'universalNotLearned',
  'issuerNotAllowed',
  'deleted',
  'superseded',
  'notYetValid',
  'expired',
  'deadbolt',
  'passwordUnknown',
  'passwordExpired',
  'faceUnknown',
  'fingerUnknown',
  'bluetooth',
];

/** True for a reason the console has a text for. */
export function isRecordReason(reason: unknown): reason is RecordReason {
  return typeof reason === 'string' && (RECORD_REASONS as readonly string[]).includes(reason);
}

/**
 * The translation key (namespace 'unlockRecords') of a record's reason, or undefined for none ('' on records
 * written before locks reported reasons) or one a newer lock knows and this console does not: the table then
 * shows the record's own content.
 */
export function reasonKey(reason: string | null | undefined): `reasons.${RecordReason}` | undefined {
  return isRecordReason(reason) ? `reasons.${reason}` : undefined;
}
