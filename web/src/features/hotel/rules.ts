import { type ErrorCode, HOTEL_ADDRESS_MAX, HOTEL_NAME_MAX, HOTEL_TELEPHONE } from '@lockdesk/protocol';

/**
 * The hotel information form's checks, as the server applies them (room/setHotelInfo): a telephone of 5–20 digits,
 * spaces, '+', '-', '(' or ')'; latitude −90…90 and longitude −180…180, both or neither (a map position needs both).
 */
export const TELEPHONE = HOTEL_TELEPHONE;
export const NAME_MAX = HOTEL_NAME_MAX;
export const ADDRESS_MAX = HOTEL_ADDRESS_MAX;

type Input = string | number | null | undefined;
const blank = (v: Input) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/** A required text of at most `max` characters. */
export function checkRequiredText(value: Input, max: number): ErrorCode | undefined {
  if (blank(value)) return 'FIELD_REQUIRED';
  return String(value).trim().length > max ? 'FIELD_INVALID' : undefined;
}

export function checkTelephone(value: Input): ErrorCode | undefined {
  if (blank(value)) return 'FIELD_REQUIRED';
  return TELEPHONE.test(String(value).trim()) ? undefined : 'FIELD_INVALID';
}

/** A coordinate within ±limit; `other` is the paired coordinate (required when this one is set, and back). */
export function checkCoordinate(value: Input, limit: 90 | 180, other: Input): ErrorCode | undefined {
  if (blank(value)) return blank(other) ? undefined : 'FIELD_REQUIRED';
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) && n >= -limit && n <= limit ? undefined : 'FIELD_INVALID';
}

/** The OpenStreetMap page centred on a position with a marker, or undefined without a valid one. */
export function openStreetMapUrl(latitude: Input, longitude: Input): string | undefined {
  if (checkCoordinate(latitude, 90, longitude) || checkCoordinate(longitude, 180, latitude)) return undefined;
  if (blank(latitude) || blank(longitude)) return undefined;
  const lat = Number(latitude);
  const lon = Number(longitude);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}
