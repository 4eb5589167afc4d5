import { ROOM_STATUS } from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import en from '../../features/rooms/locales/en.ts';
import {
  batteryTone,
  formatMac,
  MANUAL_STATUS_KEYS,
  offersCheckIn,
  ROOM_STATUS_KEYS,
  remainingParts,
  STATUS_ACCENTS,
  STATUS_COLOURS,
  STATUS_FILTERS,
  statusCode,
  statusKey,
} from './status.ts';

describe('room statuses', () => {
  it('maps every protocol status code to its key and back', () => {
    for (const [key, code] of Object.entries(ROOM_STATUS)) {
      expect(statusKey(code)).toBe(key);
      expect(statusCode(key as (typeof ROOM_STATUS_KEYS)[number])).toBe(code);
    }
    expect(statusKey(99)).toBe('vacant');
    expect(statusKey(null)).toBe('vacant');
  });

  it('gives each status its own colour and an English label', () => {
    expect(new Set(Object.values(STATUS_COLOURS)).size).toBe(ROOM_STATUS_KEYS.length);
    expect(new Set(Object.values(STATUS_ACCENTS)).size).toBe(ROOM_STATUS_KEYS.length);
    for (const key of ROOM_STATUS_KEYS) expect(en.status[key]).toBeTruthy();
    expect(en.status.dirty).toBe('Dirty room');
  });

  it('filters in the spec order: all, checked in, vacant, reserved, maintenance, dirty', () => {
    expect(STATUS_FILTERS).toEqual(['all', 'checkedIn', 'vacant', 'reserved', 'maintenance', 'dirty']);
  });

  it('never offers checked in as a manual status', () => {
    expect(MANUAL_STATUS_KEYS).not.toContain('checkedIn');
    expect(MANUAL_STATUS_KEYS.map(statusCode).sort()).toEqual([0, 2, 3, 4]);
  });

  it('offers check-in for vacant and reserved rooms only', () => {
    expect([0, 1, 2, 3, 4].filter(offersCheckIn)).toEqual([ROOM_STATUS.vacant, ROOM_STATUS.reserved]);
  });
});

describe('lock facts', () => {
  it('grades the battery', () => {
    expect(batteryTone(5)).toBe('low');
    expect(batteryTone(19.9)).toBe('low');
    expect(batteryTone(20)).toBe('fair');
    expect(batteryTone(39)).toBe('fair');
    expect(batteryTone(40)).toBe('good');
    expect(batteryTone(null)).toBe('unknown');
    expect(batteryTone(Number.NaN)).toBe('unknown');
  });

  it('shows a MAC as colon-separated pairs', () => {
    expect(formatMac('a0b0c0010106')).toBe('A0:B0:C0:01:01:06');
    expect(formatMac('A0-B0-C0-01-01-06')).toBe('A0:B0:C0:01:01:06');
    expect(formatMac('odd')).toBe('odd');
    expect(formatMac(null)).toBe('');
  });

  it('splits the seconds a stay has left, never below zero', () => {
    expect(remainingParts(2 * 86_400 + 5 * 3600 + 7 * 60 + 59)).toEqual({ days: 2, hours: 5, minutes: 7 });
    expect(remainingParts(-30)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
