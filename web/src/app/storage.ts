import {
  isRtl,
  LANGUAGE_CODES,
  type LanguageCode,
  languageFromHeader,
  STORAGE_KEYS,
} from '@lockdesk/protocol';
import Cookies from 'js-cookie';

/**
 * The browser storage of the console (spec §3 'Local storage keys'): one place reads and writes it, so every
 * screen agrees on the keys.
 */

/**
 * The console's language when local storage holds none and none of the browser's languages is one of the 12:
 * Simplified Chinese, matching the `zh-CN` header.
 */
export const UNSET_LANGUAGE: LanguageCode = 'chs';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored language code exactly as kept (null when unset); menu rules look at this raw value. */
export function storedLanguage(): string | null {
  return read(STORAGE_KEYS.language);
}

/** The browser's languages in its order of preference (navigator.languages, else navigator.language). */
function browserLanguages(): readonly string[] {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  if (nav?.languages && nav.languages.length > 0) return nav.languages;
  return nav?.language ? [nav.language] : [];
}

/** The first of the browser's languages that is one of the 12 (`en-US` → en, `zh-TW` → chsTW), else Chinese. */
export function browserLanguage(preferred: readonly string[] = browserLanguages()): LanguageCode {
  for (const tag of preferred) {
    const code = languageFromHeader(tag);
    if (code) return code;
  }
  return UNSET_LANGUAGE;
}

/**
 * The language the console shows: the stored one when it is one of the 12, else the browser's (browserLanguage).
 * Nothing is stored until the operator chooses: the business and bill menus follow the stored value (spec §1:
 * shown while it is Chinese or unset), not the language shown.
 */
export function currentLanguage(): LanguageCode {
  const stored = storedLanguage();
  return LANGUAGE_CODES.find((c) => c === stored) ?? browserLanguage();
}

/** Keeps the chosen language; the caller reloads the page (spec: changing it reloads). */
export function storeLanguage(code: LanguageCode): void {
  window.localStorage.setItem(STORAGE_KEYS.language, code);
}

/** Text direction of the current language. */
export function currentDirection(): 'rtl' | 'ltr' {
  return isRtl(currentLanguage()) ? 'rtl' : 'ltr';
}

/** The stored card-dispenser type ("4" shows the CPU card menu). */
export function storedDispenserType(): string | null {
  return read(STORAGE_KEYS.cardDispenserType);
}

/** Sidebar open state from the `sidebarStatus` cookie: '1' open, '0' closed; open when unset. */
export function sidebarOpened(): boolean {
  return Cookies.get(STORAGE_KEYS.sidebarCookie) !== '0';
}

/** Keeps the sidebar state in its cookie. */
export function storeSidebarOpened(opened: boolean): void {
  Cookies.set(STORAGE_KEYS.sidebarCookie, opened ? '1' : '0');
}
