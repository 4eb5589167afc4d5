/** The 12 console languages: the code stored in local storage under `language`, and the `language` header value (spec §7). */
export const LANGUAGES = [
  { code: 'chs', header: 'zh-CN', name: '简体中文', dir: 'ltr' },
  { code: 'chsTW', header: 'zh-TW', name: '繁體中文', dir: 'ltr' },
  { code: 'en', header: 'en', name: 'English', dir: 'ltr' },
  { code: 'ko', header: 'ko', name: '한국어', dir: 'ltr' },
  { code: 'de', header: 'de', name: 'Deutsch', dir: 'ltr' },
  { code: 'ru', header: 'ru-RU', name: 'Русский', dir: 'ltr' },
  { code: 'es', header: 'es', name: 'Español', dir: 'ltr' },
  { code: 'ar', header: 'ar', name: 'العربية', dir: 'rtl' },
  { code: 'pt', header: 'pt', name: 'Português', dir: 'ltr' },
  { code: 'ja', header: 'ja', name: '日本語', dir: 'ltr' },
  { code: 'fr', header: 'fr', name: 'Français', dir: 'ltr' },
  { code: 'it', header: 'it', name: 'Italiano', dir: 'ltr' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export type LanguageHeader = (typeof LANGUAGES)[number]['header'];

export const LANGUAGE_CODES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** Storage code → header value; unknown or missing codes map to the header of Simplified Chinese, the console's unset default. */
export function languageHeader(code: string | null | undefined): LanguageHeader {
  return LANGUAGES.find((l) => l.code === code)?.header ?? 'zh-CN';
}

/** Header value (case-insensitive, region-tolerant: `ru`, `ru-RU`, `zh-Hant`) → storage code, or undefined. */
export function languageFromHeader(header: string | null | undefined): LanguageCode | undefined {
  if (!header) return undefined;
  const h = header.trim().toLowerCase();
  const exact = LANGUAGES.find((l) => l.header.toLowerCase() === h || l.code.toLowerCase() === h);
  if (exact) return exact.code;
  if (h === 'zh-hant' || h === 'zh-hk' || h === 'zh-mo') return 'chsTW';
  const base = h.split(/[-_]/)[0];
  if (base === 'zh') return 'chs';
  return LANGUAGES.find((l) => l.header.toLowerCase().split('-')[0] === base)?.code;
}

/** True when the business and bill areas are shown: the stored language is Chinese or unset (spec §1). */
export function showsBusinessAreas(stored: string | null | undefined): boolean {
  return stored === null || stored === undefined || stored === '' || stored === 'chs' || stored === 'chsTW';
}

/** True for right-to-left languages (Arabic). */
export function isRtl(code: string | null | undefined): boolean {
  return LANGUAGES.find((l) => l.code === code)?.dir === 'rtl';
}
