import { LANGUAGE_CODES, languageHeader } from '@lockdesk/protocol';
import type { i18n } from 'i18next';

interface PluralResolver {
  getRule(code: string, options?: { ordinal?: boolean }): Intl.PluralRules | undefined;
}

const PATCHED = Symbol('plurals by language header');

/**
 * Makes i18next choose plural forms (`key_one`, `key_few`, …) by the language's real rules. The console's language
 * codes are its stored ones ('chs', 'chsTW'), which Intl.PluralRules does not know: it would silently use the
 * browser's default locale (English one/other) for Chinese. Each code is looked up as its header instead
 * ('zh-CN', 'ru-RU'): the same language tag the server is told.
 */
export function applyHeaderPluralRules(instance: i18n): void {
  const resolver = instance.services.pluralResolver as PluralResolver & { [PATCHED]?: true };
  if (!resolver || resolver[PATCHED]) return;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) =>
    getRule((LANGUAGE_CODES as readonly string[]).includes(code) ? languageHeader(code) : code, options);
  resolver[PATCHED] = true;
}

/** The plural categories of a console language ('one', 'few', … 'other'), as i18next's key suffixes use them. */
export function pluralCategories(code: string): Intl.LDMLPluralRule[] {
  return new Intl.PluralRules(languageHeader(code)).resolvedOptions().pluralCategories;
}

type PluralCategory = Intl.LDMLPluralRule;
/** The key a plural form belongs to: 'total' of 'total_one' (English has each counted text as _one and _other). */
type PluralBase<K> = K extends `${infer B}_${'one' | 'other'}` ? B : never;

/**
 * The shape of a feature's texts in another language, from the English ones (`typeof en`): the same keys, except
 * that a counted text ('total_one', 'total_other' in English) takes the language's own plural forms: `_other`
 * always, the rest (`_zero`, `_one`, `_two`, `_few`, `_many`) as the language has them. `features.test.ts` checks
 * that each language has exactly its categories.
 */
export type LanguageTexts<T> = {
  [K in keyof T as K extends `${string}_${PluralCategory}` ? never : K]: T[K] extends string
    ? string
    : LanguageTexts<T[K]>;
} & { [K in keyof T as `${PluralBase<K>}_other`]: string } & {
  [K in keyof T as `${PluralBase<K>}_${Exclude<PluralCategory, 'other'>}`]?: string;
};
