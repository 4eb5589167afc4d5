import { type ErrorCode, type LanguageCode, languageHeader } from '@lockdesk/protocol';
import i18next, { type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { currentLanguage } from '../app/storage.ts';
import { COMMON_NS, commonTextsOf } from './common.ts';
import { errorTextIn, loadErrorTexts } from './errors.ts';
import type { Messages } from './locales/en.ts';
import { applyHeaderPluralRules } from './plurals.ts';

/**
 * The console's languages: only the selected language's texts are loaded (each is its own chunk), so the login
 * page carries one language, not twelve.
 */
const MESSAGES: Record<LanguageCode, () => Promise<{ default: Messages }>> = {
  chs: () => import('./locales/chs.ts'),
  chsTW: () => import('./locales/chsTW.ts'),
  en: () => import('./locales/en.ts'),
  ko: () => import('./locales/ko.ts'),
  de: () => import('./locales/de.ts'),
  ru: () => import('./locales/ru.ts'),
  es: () => import('./locales/es.ts'),
  ar: () => import('./locales/ar.ts'),
  pt: () => import('./locales/pt.ts'),
  ja: () => import('./locales/ja.ts'),
  fr: () => import('./locales/fr.ts'),
  it: () => import('./locales/it.ts'),
};

/** Loads a language's texts (the console's own and the error catalogue's) and starts i18next with it. */
export async function setupI18n(code: LanguageCode): Promise<typeof i18next> {
  const [{ default: messages }, common] = await Promise.all([
    MESSAGES[code](),
    commonTextsOf(code),
    loadErrorTexts(code),
  ]);
  await i18next.use(initReactI18next).init({
    lng: code,
    fallbackLng: false,
    fallbackNS: COMMON_NS,
    resources: { [code]: { translation: messages, [COMMON_NS]: common } },
    interpolation: { escapeValue: false },
  });
  applyHeaderPluralRules(i18next);
  return i18next;
}

/** Starts i18next with texts already at hand (tests). */
export async function setupI18nWith(code: LanguageCode, messages: Messages): Promise<typeof i18next> {
  const common = await commonTextsOf(code);
  await i18next.use(initReactI18next).init({
    lng: code,
    fallbackLng: false,
    fallbackNS: COMMON_NS,
    resources: { [code]: { translation: messages, [COMMON_NS]: common } },
    interpolation: { escapeValue: false },
  });
  applyHeaderPluralRules(i18next);
  return i18next;
}

/** A UI text of the current language, for code outside React components. */
export function t(key: string, options?: TOptions): string {
  return i18next.t(key, options ?? {});
}

/** The text of a catalogue error code in the current language. */
export function errorMessage(code: ErrorCode, params?: Record<string, string | number>): string {
  return errorTextIn(currentLanguage(), code, params);
}

/** Marks the page's language and direction on <html>. */
export function applyDocumentLanguage(code: LanguageCode, dir: 'rtl' | 'ltr'): void {
  document.documentElement.lang = languageHeader(code);
  document.documentElement.dir = dir;
}
