import { showsBusinessAreas } from '@lockdesk/protocol';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserLanguage,
  currentDirection,
  currentLanguage,
  sidebarOpened,
  storedLanguage,
  storeLanguage,
  storeSidebarOpened,
} from './storage.ts';

/** The browser's preferred languages, as navigator.languages says them. */
const browserPrefers = (tags: string[]) =>
  vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(tags);

describe('console storage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('with no language stored, starts in the browser’s language when it is one of the 12, else Chinese', () => {
    window.localStorage.removeItem('language');
    browserPrefers(['en-US', 'en']);
    expect(currentLanguage()).toBe('en');
    browserPrefers(['sv-SE', 'de-AT', 'en']);
    expect(currentLanguage()).toBe('de');
    browserPrefers(['zh-TW']);
    expect(currentLanguage()).toBe('chsTW');
    browserPrefers(['ar-EG']);
    expect(currentLanguage()).toBe('ar');
    expect(currentDirection()).toBe('rtl');
    browserPrefers(['sv-SE', 'nl']);
    expect(currentLanguage()).toBe('chs');
    expect(browserLanguage([])).toBe('chs');
    // An unknown stored value counts as none.
    window.localStorage.setItem('language', 'klingon');
    browserPrefers(['fr-CA']);
    expect(currentLanguage()).toBe('fr');
    expect(browserLanguage(['xx', 'it-IT'])).toBe('it');
  });

  it('stores nothing for the browser’s language: the business and bill menus keep the unset rule', () => {
    window.localStorage.removeItem('language');
    browserPrefers(['en-US']);
    expect(currentLanguage()).toBe('en');
    expect(storedLanguage()).toBeNull();
    // Spec §1: shown while the STORED language is Chinese or unset, whatever the browser's language.
    expect(showsBusinessAreas(storedLanguage())).toBe(true);
    storeLanguage('en');
    expect(showsBusinessAreas(storedLanguage())).toBe(false);
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
