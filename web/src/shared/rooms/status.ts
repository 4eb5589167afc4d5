import { ROOM_STATUS } from '@lockdesk/protocol';

/**
 * Room statuses as the console shows them (spec §4 'Room status'): the label key under `status.` of the rooms
 * namespace and one colour each, used alike by cards, tags, filters and the status tab.
 */
export const ROOM_STATUS_KEYS = ['vacant', 'checkedIn', 'reserved', 'maintenance', 'dirty'] as const;
export type RoomStatusKey = (typeof ROOM_STATUS_KEYS)[number];

/** The filter tabs in the spec's order: all, checked in, vacant, reserved, maintenance, dirty. */
export const STATUS_FILTERS: readonly (RoomStatusKey | 'all')[] = [
  'all',
  'checkedIn',
  'vacant',
  'reserved',
  'maintenance',
  'dirty',
];

/** antd preset colours (Tag, Badge) per status. */
export const STATUS_COLOURS: Record<RoomStatusKey, string> = {
  vacant: 'green',
  checkedIn: 'blue',
  reserved: 'gold',
  maintenance: 'volcano',
  dirty: 'purple',
};

/** The same colours as CSS values, for the card's edge. */
export const STATUS_ACCENTS: Record<RoomStatusKey, string> = {
  vacant: '#52c41a',
  checkedIn: '#1677ff',
  reserved: '#faad14',
  maintenance: '#fa541c',
  dirty: '#722ed1',
};

/** The key of a status code; an unknown code (a newer server) reads as vacant rather than breaking a card. */
export function statusKey(code: number | null | undefined): RoomStatusKey {
  return ROOM_STATUS_KEYS[code ?? 0] ?? 'vacant';
}

/** The status code of a key. */
export function statusCode(key: RoomStatusKey): number {
  return ROOM_STATUS[key];
}

/** The statuses an administrator may set by hand: 'checked in' only comes from a check-in. */
export const MANUAL_STATUS_KEYS: readonly RoomStatusKey[] = ['vacant', 'reserved', 'maintenance', 'dirty'];

/** A room a guest can be checked into from the list: vacant, or reserved (the guest arriving). */
export function offersCheckIn(code: number): boolean {
  return code === ROOM_STATUS.vacant || code === ROOM_STATUS.reserved;
}

/** Battery level colour: red below 20 %, orange below 40 %. */
export function batteryTone(level: number | null | undefined): 'low' | 'fair' | 'good' | 'unknown' {
  if (level === null || level === undefined || !Number.isFinite(level)) return 'unknown';
  if (level < 20) return 'low';
  if (level < 40) return 'fair';
  return 'good';
}

/** A lock MAC as colon-separated pairs (spec §3), e.g. A0:B0:C0:01:01:06. */
export function formatMac(mac: string | null | undefined): string {
  if (!mac) return '';
  const hex = mac.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
  return hex.length === 12 ? (hex.match(/../g) ?? []).join(':') : mac;
}

/** Seconds left of a stay as days, hours and minutes (never negative). */
export function remainingParts(seconds: number): { days: number; hours: number; minutes: number } {
  const s = Math.max(0, Math.floor(seconds));
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor((s % 86_400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
  };
}
