import { CARD_TYPE, LIMITS } from './constants.js';
import type { ErrorCode } from './errors.js';
import {
  parseBlockData,
  parseBlockNumber,
  parseDeviceId,
  parseHexCommand,
  parseKey,
  parseReaderAddress,
} from './fields.js';
import type { CardSize } from './mifare.js';
import type { Result } from './result.js';
import { CARD_EXPIRY_LIMIT_SECONDS } from './time.js';

/**
 * The validation rules of spec §5, once, so the server and the console forms refuse the same input with the same
 * catalogue code. Each check returns the ErrorCode of the first broken rule, or undefined when the input is valid.
 * Clocks come in as arguments. Times in this file are epoch MILLISECONDS (what date pickers and Date give); card
 * times on the card itself are seconds (see time.ts and guest-card.ts).
 *
 * Choices where the spec is silent:
 * - Lengths ('at least 6', 'at most 32') count Unicode code points, so an emoji or a CJK character is one character.
 * - A missing or non-numeric price is PRICE_TOO_LOW: the form has no other message for it.
 * - A missing end time is END_BEFORE_START: an absent end cannot be later than the start.
 * - Card expiry may be at most 2035-12-31 23:59:59 Asia/Shanghai ('cannot exceed the year 2035').
 * - A floor card without a building is BUILDING_REQUIRED (the building is picked first), then FLOOR_REQUIRED.
 * - The tenant mobile check names tenants from 1 (the first tenant is 'tenant 1').
 */

/** A rule broken with message parameters (only the tenant mobile rule needs them). */
export interface RuleViolation {
  code: ErrorCode;
  params?: Record<string, string | number>;
}

/** What a form field may hold before validation: text, a number, or nothing. */
export type FieldInput = string | number | null | undefined;

/** An 11-digit mainland mobile number (spec §5): 1, then 3–9, then 9 digits. */
export const MOBILE = /^1[3-9]\d{9}$/;
// Pragmatic address shape: something@domain.tld, no spaces; the server sends a code to prove it anyway.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const text = (value: FieldInput): string =>
  value === null || value === undefined ? '' : String(value).trim();
const isBlank = (value: FieldInput): boolean => text(value) === '';
const codePoints = (value: string): number => [...value].length;
// The reader-call rules are parsed once in fields.ts (which also yields the canonical value); a form needs only the code.
const codeOf = (result: Result<unknown>): ErrorCode | undefined => (result.ok ? undefined : result.code);
const isTime = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Login account: a mainland mobile number or an e-mail address. */
export function checkAccount(account: FieldInput): ErrorCode | undefined {
  const value = text(account);
  return MOBILE.test(value) || EMAIL.test(value) ? undefined : 'ACCOUNT_INVALID';
}

/** Login and new passwords: at least 6 characters. */
export function checkPassword(password: FieldInput): ErrorCode | undefined {
  const value = password === null || password === undefined ? '' : String(password);
  return codePoints(value) >= LIMITS.passwordMinLength ? undefined : 'PASSWORD_TOO_SHORT';
}

/** The login picture code: present and 4 digits. */
export function checkGraphicCode(code: FieldInput): ErrorCode | undefined {
  if (isBlank(code)) return 'GRAPHIC_CODE_REQUIRED';
  return new RegExp(`^\\d{${LIMITS.graphicCodeDigits}}$`).test(text(code))
    ? undefined
    : 'GRAPHIC_CODE_INVALID';
}

/** The SMS code of password recovery and registration: present. */
export function checkSmsCode(code: FieldInput): ErrorCode | undefined {
  return isBlank(code) ? 'SMS_CODE_REQUIRED' : undefined;
}

/** True for an 11-digit mainland mobile number starting 1 then 3 to 9. */
export function isMobile(mobile: FieldInput): boolean {
  return MOBILE.test(text(mobile));
}

/** A mobile number field: 11 digits starting 1 then 3 to 9. */
export function checkMobile(mobile: FieldInput): ErrorCode | undefined {
  return isMobile(mobile) ? undefined : 'MOBILE_INVALID';
}

/** Every tenant's mobile of a stay; the first bad one is named by its 1-based index. */
export function checkTenantMobiles(mobiles: readonly FieldInput[]): RuleViolation | undefined {
  const bad = mobiles.findIndex((mobile) => !isMobile(mobile));
  return bad < 0 ? undefined : { code: 'TENANT_MOBILE_INVALID', params: { index: bad + 1 } };
}

/** A room price in yuan: a number not less than 1. */
export function checkPrice(price: FieldInput): ErrorCode | undefined {
  const value = typeof price === 'number' ? price : isBlank(price) ? Number.NaN : Number(text(price));
  return Number.isFinite(value) && value >= LIMITS.minPrice ? undefined : 'PRICE_TOO_LOW';
}

/** A stay: check-in and estimated check-out chosen, check-out at least one hour after check-in. */
export function checkStay(
  checkInMs: number | null | undefined,
  checkOutMs: number | null | undefined,
): ErrorCode | undefined {
  if (!isTime(checkInMs)) return 'CHECK_IN_TIME_REQUIRED';
  if (!isTime(checkOutMs)) return 'CHECK_OUT_TIME_REQUIRED';
  return checkOutMs - checkInMs >= LIMITS.minStayMs ? undefined : 'STAY_TOO_SHORT';
}

/** A validity period (passwords, cards): start chosen, end strictly later than start. */
export function checkPeriod(
  startMs: number | null | undefined,
  endMs: number | null | undefined,
): ErrorCode | undefined {
  if (!isTime(startMs)) return 'START_TIME_REQUIRED';
  if (!isTime(endMs) || endMs <= startMs) return 'END_BEFORE_START';
  return undefined;
}

/** The last millisecond a card expiry may be (2035-12-31 23:59:59.999 Asia/Shanghai). */
export const CARD_EXPIRY_LIMIT_MS = CARD_EXPIRY_LIMIT_SECONDS * 1000 + 999;

/** A card expiry: chosen, later than now, and not beyond the year 2035. */
export function checkCardExpiry(expiryMs: number | null | undefined, nowMs: number): ErrorCode | undefined {
  if (!isTime(expiryMs)) return 'CARD_EXPIRY_REQUIRED';
  if (expiryMs <= nowMs) return 'EXPIRATION_NOT_FUTURE';
  return expiryMs > CARD_EXPIRY_LIMIT_MS ? 'CARD_EXPIRY_TOO_LATE' : undefined;
}

/** A card number field: present. */
export function checkCardNumber(cardNumber: FieldInput): ErrorCode | undefined {
  return isBlank(cardNumber) ? 'CARD_NUMBER_REQUIRED' : undefined;
}

/** A feature card's scope: building cards name a building, floor cards a building and a floor. */
export function checkCardScope(type: number, building: FieldInput, floor: FieldInput): ErrorCode | undefined {
  if (type !== CARD_TYPE.building && type !== CARD_TYPE.floor) return undefined;
  // 0 is 'none chosen' for a numeric select, as an empty string is for a text one.
  const chosen = (value: FieldInput) => !isBlank(value) && text(value) !== '0';
  if (!chosen(building)) return 'BUILDING_REQUIRED';
  if (type === CARD_TYPE.floor && !chosen(floor)) return 'FLOOR_REQUIRED';
  return undefined;
}

/** The access controls chosen for a card: at most 3. */
export function checkAccessControls(selected: readonly unknown[] | number): ErrorCode | undefined {
  const count = typeof selected === 'number' ? selected : selected.length;
  return count > LIMITS.maxAccessControls ? 'TOO_MANY_ACCESS_CONTROLS' : undefined;
}

/** A card reader's address: exactly 12 digits. */
export function checkReaderAddress(address: FieldInput): ErrorCode | undefined {
  return codeOf(parseReaderAddress(address));
}

/** A reader call's block number: present, and a block of the card (0–255 on the largest, 4K, card by default). */
export function checkBlockNumber(block: FieldInput, size: CardSize = '4K'): ErrorCode | undefined {
  return codeOf(parseBlockNumber(block, size));
}

/** A reader call's sector key: present and exactly 12 hex characters. */
export function checkKey(key: FieldInput): ErrorCode | undefined {
  return codeOf(parseKey(key));
}

/** A reader call's card dispenser (sender) number: present. */
export function checkSenderNumber(sender: FieldInput): ErrorCode | undefined {
  return isBlank(sender) ? 'SENDER_NUMBER_REQUIRED' : undefined;
}

/** A reader write's block data: present and exactly 32 hex characters (16 bytes). */
export function checkWriteData(data: FieldInput): ErrorCode | undefined {
  return codeOf(parseBlockData(data));
}

/** A face's note: not empty. */
export function checkFaceNote(note: FieldInput): ErrorCode | undefined {
  return isBlank(note) ? 'FACE_NOTE_REQUIRED' : undefined;
}

/** A face's id: not empty. */
export function checkFaceId(faceId: FieldInput): ErrorCode | undefined {
  return isBlank(faceId) ? 'FACE_ID_REQUIRED' : undefined;
}

/** A face's image (URL or upload key): not empty. */
export function checkFaceImage(image: FieldInput): ErrorCode | undefined {
  return isBlank(image) ? 'FACE_IMAGE_REQUIRED' : undefined;
}

/** A nickname: at most 32 characters (code points); required only where the form says so. */
export function checkNickname(
  nickname: FieldInput,
  options: { required?: boolean } = {},
): ErrorCode | undefined {
  if (isBlank(nickname)) return options.required ? 'NICKNAME_REQUIRED' : undefined;
  return codePoints(text(nickname)) > LIMITS.nicknameMaxLength ? 'NICKNAME_TOO_LONG' : undefined;
}

/** A password check-in (remote or custom) password: exactly 6 digits. */
export function checkCheckInPassword(password: FieldInput): ErrorCode | undefined {
  return new RegExp(`^\\d{${LIMITS.customPasswordDigits}}$`).test(text(password))
    ? undefined
    : 'CHECKIN_PASSWORD_INVALID';
}

/** A room group's name: not empty. */
export function checkGroupName(name: FieldInput): ErrorCode | undefined {
  return isBlank(name) ? 'GROUP_NAME_REQUIRED' : undefined;
}

/** A room group's sort order: a number is present. */
export function checkSortOrder(sort: FieldInput): ErrorCode | undefined {
  if (typeof sort === 'number') return Number.isFinite(sort) ? undefined : 'SORT_ORDER_REQUIRED';
  return isBlank(sort) || !Number.isFinite(Number(text(sort))) ? 'SORT_ORDER_REQUIRED' : undefined;
}

/** The customer manager (parent account) mobile: not empty. */
export function checkCustomerManagerMobile(mobile: FieldInput): ErrorCode | undefined {
  return isBlank(mobile) ? 'CUSTOMER_MANAGER_MOBILE_EMPTY' : undefined;
}

/** The merchant or hotel information the card and room areas need first. */
export interface HotelInfoFields {
  name?: string | null;
  address?: string | null;
  telephone?: string | null;
}

/** True when the hotel has a name, an address and a telephone. */
export function hotelInfoComplete(hotel: HotelInfoFields | null | undefined): boolean {
  return !!hotel && !isBlank(hotel.name) && !isBlank(hotel.address) && !isBlank(hotel.telephone);
}

/** Merchant or hotel information must be completed first. */
export function checkHotelInfo(hotel: HotelInfoFields | null | undefined): ErrorCode | undefined {
  return hotelInfoComplete(hotel) ? undefined : 'HOTEL_INFO_REQUIRED';
}

/** The broker device id: 12 hex characters. */
export function checkBrokerDeviceId(deviceId: FieldInput): ErrorCode | undefined {
  return codeOf(parseDeviceId(deviceId));
}

/** A hex command for the broker: whole bytes of hex, at least one byte (2 characters). */
export function checkHexCommand(command: FieldInput): ErrorCode | undefined {
  return codeOf(parseHexCommand(command));
}

/** Milliseconds the Card Reading button stays locked after a click at lastClickMs (0 when free). */
export function readLockoutRemainingMs(lastClickMs: number | null | undefined, nowMs: number): number {
  if (!isTime(lastClickMs)) return 0;
  const elapsed = nowMs - lastClickMs;
  // A clock that went backwards must not lock the button for ever: treat it as free.
  return elapsed < 0 ? 0 : Math.max(0, LIMITS.readButtonLockoutMs - elapsed);
}

/** The 2000 ms Card Reading lockout: READ_TOO_FREQUENT while a click at lastClickMs still locks the button. */
export function readLockout(lastClickMs: number | null | undefined, nowMs: number): ErrorCode | undefined {
  return readLockoutRemainingMs(lastClickMs, nowMs) > 0 ? 'READ_TOO_FREQUENT' : undefined;
}

/** The single-field rules by the form field they guard, for forms that validate field by field. */
export const RULES = {
  account: checkAccount,
  password: checkPassword,
  graphicCode: checkGraphicCode,
  smsCode: checkSmsCode,
  mobile: checkMobile,
  price: checkPrice,
  cardNumber: checkCardNumber,
  readerAddress: checkReaderAddress,
  block: checkBlockNumber,
  key: checkKey,
  sender: checkSenderNumber,
  writeData: checkWriteData,
  faceNote: checkFaceNote,
  faceId: checkFaceId,
  faceImage: checkFaceImage,
  nickname: checkNickname,
  checkInPassword: checkCheckInPassword,
  groupName: checkGroupName,
  sortOrder: checkSortOrder,
  customerManagerMobile: checkCustomerManagerMobile,
  brokerDeviceId: checkBrokerDeviceId,
  hexCommand: checkHexCommand,
} as const satisfies Record<string, (value: FieldInput) => ErrorCode | undefined>;
export type RuleField = keyof typeof RULES;
