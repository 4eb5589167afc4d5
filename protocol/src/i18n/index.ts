import { type ErrorCode, type ErrorTexts, errorText } from '../errors.js';
import { DEFAULT_LANGUAGE, type LanguageCode, languageFromHeader } from '../languages.js';
import { arErrors, arWords } from './ar.js';
import { chsErrors, chsWords } from './chs.js';
import { chsTWErrors, chsTWWords } from './chsTW.js';
import { deErrors, deWords } from './de.js';
import { enErrors, enWords } from './en.js';
import { esErrors, esWords } from './es.js';
import { frErrors, frWords } from './fr.js';
import { itErrors, itWords } from './it.js';
import { jaErrors, jaWords } from './ja.js';
import { koErrors, koWords } from './ko.js';
import { ptErrors, ptWords } from './pt.js';
import { ruErrors, ruWords } from './ru.js';
import type { SharedWords } from './words.js';

export type { SharedWords } from './words.js';
export {
  arErrors,
  arWords,
  chsErrors,
  chsTWErrors,
  chsTWWords,
  chsWords,
  deErrors,
  deWords,
  enErrors,
  enWords,
  esErrors,
  esWords,
  frErrors,
  frWords,
  itErrors,
  itWords,
  jaErrors,
  jaWords,
  koErrors,
  koWords,
  ptErrors,
  ptWords,
  ruErrors,
  ruWords,
};

/** The error catalogue of every console language, keyed by the stored language code. */
export const ERROR_TRANSLATIONS: Readonly<Record<LanguageCode, ErrorTexts>> = {
  chs: chsErrors,
  chsTW: chsTWErrors,
  en: enErrors,
  ko: koErrors,
  de: deErrors,
  ru: ruErrors,
  es: esErrors,
  ar: arErrors,
  pt: ptErrors,
  ja: jaErrors,
  fr: frErrors,
  it: itErrors,
};

/** The words the console and the server's exports share, in every console language. */
export const SHARED_WORDS: Readonly<Record<LanguageCode, SharedWords>> = {
  chs: chsWords,
  chsTW: chsTWWords,
  en: enWords,
  ko: koWords,
  de: deWords,
  ru: ruWords,
  es: esWords,
  ar: arWords,
  pt: ptWords,
  ja: jaWords,
  fr: frWords,
  it: itWords,
};

/**
 * Resolves a stored code (`chsTW`) or a `language` header value (`zh-TW`, `ru-RU`, `ru`) to a console language;
 * anything unknown or missing falls back to English, since an error must always be readable.
 */
export function errorLanguage(language: string | null | undefined): LanguageCode {
  if (language && Object.hasOwn(ERROR_TRANSLATIONS, language)) return language as LanguageCode;
  return languageFromHeader(language) ?? DEFAULT_LANGUAGE;
}

/** The error texts of a language (stored code or header value); English when the language is unknown. */
export function errorTextsFor(language: string | null | undefined): ErrorTexts {
  return ERROR_TRANSLATIONS[errorLanguage(language)];
}

/** The text of an error code in a language (stored code or header value), with its `{name}` parameters filled. */
export function translateError(
  language: string | null | undefined,
  code: ErrorCode,
  params?: Record<string, string | number>,
): string {
  return errorText(code, params, errorTextsFor(language));
}
