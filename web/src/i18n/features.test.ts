import { LANGUAGE_CODES, type LanguageCode, languageHeader } from '@lockdesk/protocol';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { applyHeaderPluralRules, pluralCategories } from './plurals.ts';

/**
 * Every feature's namespace (features/<area>/locales/<lang>.ts) in the 12 languages: the same keys as English, no
 * empty text, the same {{placeholders}}, and no text left in English. A counted text is the exception: English has
 * it as `key_one` and `key_other`, each language as its own plural categories (Intl.PluralRules of its header:
 * Russian one/few/many/other, Chinese other only), i18next's v4 suffixes.
 */
const FILES = {
  ...import.meta.glob<{ default: object }>('../features/*/locales/*.ts', { eager: true }),
  ...import.meta.glob<{ default: object }>('../cardService/locales/*.ts', { eager: true }),
  ...import.meta.glob<{ default: object }>('./common/*.ts', { eager: true }),
};

/** Texts that may equal the English one, as '<feature>.<key>': words the language itself uses unchanged. */
const SAME_AS_ENGLISH: Record<string, readonly LanguageCode[]> = {
  // Italian says "password" (la password) itself.
  'equipment.credential.password': ['it'],
  // Spanish 'Error' is the English word.
  'cardService.log.error': ['es'],
};

function flatten(messages: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') for (const [k, v] of flatten(value, path)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

/** The texts split into plain keys and counted ones (base key → its plural forms), by English's `_other` keys. */
function split(texts: Map<string, unknown>, english: Map<string, unknown>) {
  const plain = new Map<string, unknown>();
  const counted = new Map<string, Map<string, unknown>>();
  for (const [key, value] of texts) {
    const m = PLURAL.exec(key);
    if (m?.[1] && m[2] && english.has(`${m[1]}_other`)) {
      const forms = counted.get(m[1]) ?? new Map<string, unknown>();
      forms.set(m[2], value);
      counted.set(m[1], forms);
    } else plain.set(key, value);
  }
  return { plain, counted };
}

/** True when a plural category of the language holds a single whole number (Arabic 'one' is 1, French 'one' 0 and 1). */
function singleNumber(code: LanguageCode, category: string): boolean {
  const rules = new Intl.PluralRules(languageHeader(code));
  let n = 0;
  for (let i = 0; i <= 1000; i++) if (rules.select(i) === category) n++;
  return n === 1;
}

const withoutCount = (names: (string | undefined)[]) => names.filter((n) => n !== 'count');

const features = new Map<string, Map<string, object>>();
for (const [file, module] of Object.entries(FILES)) {
  const m = /(?:features\/([^/]+)\/locales|(cardService)\/locales|i18n\/(common))\/([^/]+)\.ts$/.exec(
    file.replace(/^\.\//, 'i18n/'),
  );
  const ns = m?.[1] ?? m?.[2] ?? m?.[3];
  if (!ns || !m?.[4]) continue;
  const byLanguage = features.get(ns) ?? new Map<string, object>();
  byLanguage.set(m[4], module.default);
  features.set(ns, byLanguage);
}

describe('feature texts in the 12 languages', () => {
  it('finds the feature namespaces', () => {
    expect(features.size).toBeGreaterThanOrEqual(6);
  });

  it("no feature repeats a common word: a text equal to one of 'common' in all 12 languages is left to it", () => {
    const common = features.get('common');
    const twelve = (byLanguage: Map<string, object>) => {
      const texts = LANGUAGE_CODES.map((code) => flatten(byLanguage.get(code) ?? {}));
      const out = new Map<string, string>();
      for (const key of texts[0]?.keys() ?? [])
        out.set(key, texts.map((t) => String(t.get(key))).join('\u0001'));
      return out;
    };
    const words = new Map([...twelve(common ?? new Map())].map(([key, all]) => [all, key]));
    const repeats: string[] = [];
    for (const [feature, byLanguage] of features) {
      if (feature === 'common') continue;
      for (const [key, all] of twelve(byLanguage)) {
        const word = words.get(all);
        if (word) repeats.push(`${feature}:${key} (common:${word})`);
      }
    }
    expect(repeats).toEqual([]);
  });

  it("no namespace hides a common word: i18next falls back to 'common' only for a key the namespace lacks", () => {
    const words = Object.keys(features.get('common')?.get('en') ?? {});
    const hidden: string[] = [];
    for (const [feature, byLanguage] of features) {
      if (feature === 'common') continue;
      for (const key of flatten(byLanguage.get('en') ?? {}).keys())
        for (const word of words)
          if (key === word || key.startsWith(`${word}.`)) hidden.push(`${feature}:${key}`);
    }
    expect(hidden).toEqual([]);
  });

  for (const [feature, byLanguage] of features) {
    describe(feature, () => {
      it('has a file for every language and nothing else', () => {
        expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGE_CODES].sort());
      });

      const english = flatten(byLanguage.get('en') ?? {});
      const englishSplit = split(english, english);

      it('en: every counted text has exactly the English forms _one and _other, both with {{count}}', () => {
        for (const [base, forms] of englishSplit.counted) {
          expect([...forms.keys()].sort(), base).toEqual(['one', 'other']);
          for (const [category, text] of forms)
            expect(placeholders(String(text)), `${base}_${category}`).toContain('count');
        }
      });

      for (const code of LANGUAGE_CODES) {
        if (code === 'en') continue;
        it(`${code}: every English key, non-empty, same placeholders, not left in English`, () => {
          const texts = flatten(byLanguage.get(code) ?? {});
          const { plain, counted } = split(texts, english);
          expect([...plain.keys()].sort()).toEqual([...englishSplit.plain.keys()].sort());
          expect([...counted.keys()].sort()).toEqual([...englishSplit.counted.keys()].sort());
          const copies: string[] = [];
          for (const [key, value] of texts) {
            expect(typeof value, `${code} ${key}`).toBe('string');
            expect((value as string).trim(), `${code} ${key}`).not.toBe('');
            if (value === english.get(key) && !SAME_AS_ENGLISH[`${feature}.${key}`]?.includes(code))
              copies.push(key);
          }
          for (const [key, value] of plain)
            expect(placeholders(value as string), `${code} ${key}`).toEqual(
              placeholders(String(english.get(key))),
            );
          for (const [base, forms] of counted) {
            expect([...forms.keys()].sort(), `${code} ${base}: its plural forms`).toEqual(
              [...pluralCategories(code)].sort(),
            );
            const other = placeholders(String(english.get(`${base}_other`)));
            for (const [category, text] of forms) {
              const names = placeholders(text as string);
              expect(withoutCount(names), `${code} ${base}_${category}`).toEqual(withoutCount(other));
              // Only a form for one number may spell it out (Arabic 'غرفتان' for 2); any other must show the count.
              if (!singleNumber(code, category))
                expect(names, `${code} ${base}_${category}`).toContain('count');
            }
          }
          expect(copies).toEqual([]);
        });

        it(`${code}: every counted text resolves for any count`, async () => {
          const instance = i18next.createInstance();
          await instance.init({
            lng: code,
            fallbackLng: false,
            resources: { [code]: { [feature]: byLanguage.get(code) ?? {} } },
            interpolation: { escapeValue: false },
          });
          applyHeaderPluralRules(instance);
          for (const base of englishSplit.counted.keys())
            for (const count of [0, 1, 2, 3, 5, 11, 21, 22, 25, 100, 101, 1_000_000]) {
              const text = instance.t(base, { ns: feature, count, shown: 1, selected: 1, name: 'A' });
              expect(text, `${code} ${base} ${count}`).not.toBe(base);
              if (count > 2) expect(text, `${code} ${base} ${count}`).toContain(String(count));
            }
        });
      }
    });
  }
});
