import { type ErrorCode, type ErrorTexts, errorText } from '../errors.js';
import { DEFAULT_LANGUAGE, type LanguageCode, languageFromHeader } from '../languages.js';
import { arErrors } from './ar.js';
import { chsErrors } from './chs.js';
import { chsTWErrors } from './chsTW.js';
import { deErrors } from './de.js';
import { enErrors } from './en.js';
import { esErrors } from './es.js';
import { frErrors } from './fr.js';
import { itErrors } from './it.js';
import { jaErrors } from './ja.js';
import { koErrors } from './ko.js';
import { ptErrors } from './pt.js';
import { ruErrors } from './ru.js';

export {
  arErrors,
  chsErrors,
  chsTWErrors,
  deErrors,
  enErrors,
  esErrors,
  frErrors,
  itErrors,
  jaErrors,
  koErrors,
  ptErrors,
  ruErrors,
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
