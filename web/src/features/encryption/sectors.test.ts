import { STORAGE_KEYS } from '@lockdesk/protocol';
import { beforeEach, describe, expect, it } from 'vitest';
import { normaliseSectors, storedEncryptedSectors, storeEncryptedSectors } from './sectors.ts';

describe('encrypted sectors', () => {
  beforeEach(() => window.localStorage.clear());

  it('always holds 1 and 13, keeps 1–15 once each in order, and drops anything else', () => {
    expect(normaliseSectors([])).toEqual([1, 13]);
    expect(normaliseSectors([5, '3', 5, 0, 16, -1, 2.5, 'x', 15])).toEqual([1, 3, 5, 13, 15]);
  });

  it('keeps the sectors in local storage for the card pages, empty when encryption is off', () => {
    storeEncryptedSectors([7, 2]);
    expect(window.localStorage.getItem(STORAGE_KEYS.encryptedSectors)).toBe('[1,2,7,13]');
    expect(storedEncryptedSectors()).toEqual([1, 2, 7, 13]);
    storeEncryptedSectors([]);
    expect(storedEncryptedSectors()).toEqual([]);
  });

  it('reads nothing from a damaged entry', () => {
    window.localStorage.setItem(STORAGE_KEYS.encryptedSectors, '{not json');
    expect(storedEncryptedSectors()).toEqual([]);
    window.localStorage.setItem(STORAGE_KEYS.encryptedSectors, '"13"');
    expect(storedEncryptedSectors()).toEqual([]);
  });
});
