import type { LanguageCode } from '@lockdesk/protocol';
import i18next from 'i18next';
import type { CommonTexts } from './common/en.ts';

/** The namespace of the words every page uses; i18next falls back to it from every other namespace. */
export const COMMON_NS = 'common';

// One chunk per language, like every feature's texts: the entry carries the loaders, not twelve languages.
const FILES = import.meta.glob<{ default: CommonTexts }>('./common/*.ts');

/** The common words of a language (its file, fetched once). */
export async function commonTextsOf(code: LanguageCode): Promise<CommonTexts> {
  const load = FILES[`./common/${code}.ts`];
  if (!load) throw new Error(`No common texts for '${code}'`);
  return (await load()).default;
}

/**
 * Adds a language's common words to i18next unless they are there: a feature's texts load with them, since a
 * page (or a test) may switch to a language the console did not start in.
 */
export async function loadCommonTexts(code: LanguageCode): Promise<void> {
  if (i18next.hasResourceBundle(code, COMMON_NS)) return;
  i18next.addResourceBundle(code, COMMON_NS, await commonTextsOf(code), true, true);
}
