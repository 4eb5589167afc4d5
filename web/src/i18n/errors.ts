import {
  ERROR_TEXTS,
  type ErrorCode,
  type ErrorTexts,
  errorText,
  type LanguageCode,
} from '@lockdesk/protocol';

/**
 * The error catalogue texts of the console, one language at a time. Protocol's `translateError` holds all 12
 * tables, so using it would put every language on the sign-in page; instead each language's table of
 * protocol/src/i18n is its own chunk, loaded before the first render (a language change reloads the page).
 * Each table comes through the protocol's `./i18n/*` subpath export.
 */
const ERROR_TABLES: Record<LanguageCode, () => Promise<ErrorTexts>> = {
  chs: () => import('@lockdesk/protocol/i18n/chs').then((m) => m.chsErrors),
  chsTW: () => import('@lockdesk/protocol/i18n/chsTW').then((m) => m.chsTWErrors),
  // English is the catalogue's own wording, already loaded with the protocol's errors module.
  en: async () => ERROR_TEXTS,
  ko: () => import('@lockdesk/protocol/i18n/ko').then((m) => m.koErrors),
  de: () => import('@lockdesk/protocol/i18n/de').then((m) => m.deErrors),
  ru: () => import('@lockdesk/protocol/i18n/ru').then((m) => m.ruErrors),
  es: () => import('@lockdesk/protocol/i18n/es').then((m) => m.esErrors),
  ar: () => import('@lockdesk/protocol/i18n/ar').then((m) => m.arErrors),
  pt: () => import('@lockdesk/protocol/i18n/pt').then((m) => m.ptErrors),
  ja: () => import('@lockdesk/protocol/i18n/ja').then((m) => m.jaErrors),
  fr: () => import('@lockdesk/protocol/i18n/fr').then((m) => m.frErrors),
  it: () => import('@lockdesk/protocol/i18n/it').then((m) => m.itErrors),
};

const loaded = new Map<LanguageCode, ErrorTexts>([['en', ERROR_TEXTS]]);

/** Loads the error texts of a language; later `errorTextIn` calls for it use them. */
export async function loadErrorTexts(code: LanguageCode): Promise<ErrorTexts> {
  const known = loaded.get(code);
  if (known) return known;
  const texts = await ERROR_TABLES[code]();
  loaded.set(code, texts);
  return texts;
}

/** True once a language's error texts are at hand. */
export function errorTextsLoaded(code: LanguageCode): boolean {
  return loaded.has(code);
}

/**
 * The text of a catalogue code in a language, with its `{name}` parameters filled (as protocol's
 * `translateError`); English until that language's table is loaded, since an error must always be readable.
 */
export function errorTextIn(
  code: LanguageCode,
  error: ErrorCode,
  params?: Record<string, string | number>,
): string {
  return errorText(error, params, loaded.get(code) ?? ERROR_TEXTS);
}
