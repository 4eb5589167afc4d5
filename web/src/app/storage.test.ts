import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import {
  currentDirection,
  currentLanguage,
  sidebarOpened,
  storedLanguage,
  storeLanguage,
  storeSidebarOpened,
} from './storage.ts';

describe('console storage', () => {
  it('shows Simplified Chinese when no language (or an unknown one) is stored, matching the zh-CN header', () => {
    window.localStorage.removeItem('language');
    expect(storedLanguage()).toBeNull();
    expect(currentLanguage()).toBe('chs');
    window.localStorage.setItem('language', 'klingon');
    expect(currentLanguage()).toBe('chs');
  });

  it('keeps the chosen language under `language`; Arabic is right to left', () => {
    storeLanguage('ar');
    expect(window.localStorage.getItem('language')).toBe('ar');
    expect(currentDirection()).toBe('rtl');
    storeLanguage('ja');
    expect(currentDirection()).toBe('ltr');
  });

  it('keeps the sidebar state in the sidebarStatus cookie as 1 or 0, open when unset', () => {
    expect(sidebarOpened()).toBe(true);
    storeSidebarOpened(false);
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(sidebarOpened()).toBe(false);
    storeSidebarOpened(true);
    expect(Cookies.get('sidebarStatus')).toBe('1');
  });
});
