import { LANGUAGE_CODES, type LanguageCode } from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';

/**
 * Every feature's namespace (features/<area>/locales/<lang>.ts) in the 12 languages: the same keys as English, no
 * empty text, the same {{placeholders}}, and no text left in English.
 */
const FILES = import.meta.glob<{ default: object }>('../features/*/locales/*.ts', { eager: true });

/** Texts that may equal the English one, as '<feature>.<key>': words the language itself uses unchanged. */
const SAME_AS_ENGLISH: Record<string, readonly LanguageCode[]> = {};

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

const features = new Map<string, Map<string, object>>();
for (const [file, module] of Object.entries(FILES)) {
  const m = /features\/([^/]+)\/locales\/([^/]+)\.ts$/.exec(file);
  if (!m?.[1] || !m[2]) continue;
  const byLanguage = features.get(m[1]) ?? new Map<string, object>();
  byLanguage.set(m[2], module.default);
  features.set(m[1], byLanguage);
}

describe('feature texts in the 12 languages', () => {
  it('finds the feature namespaces', () => {
    expect(features.size).toBeGreaterThanOrEqual(6);
  });

  for (const [feature, byLanguage] of features) {
    describe(feature, () => {
      it('has a file for every language and nothing else', () => {
        expect([...byLanguage.keys()].sort()).toEqual([...LANGUAGE_CODES].sort());
      });

      const english = flatten(byLanguage.get('en') ?? {});
      for (const code of LANGUAGE_CODES) {
        if (code === 'en') continue;
        it(`${code}: every English key, non-empty, same placeholders, not left in English`, () => {
          const texts = flatten(byLanguage.get(code) ?? {});
          expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
          const copies: string[] = [];
          for (const [key, value] of texts) {
            expect(typeof value, `${code} ${key}`).toBe('string');
            expect((value as string).trim(), `${code} ${key}`).not.toBe('');
            expect(placeholders(value as string), `${code} ${key}`).toEqual(
              placeholders(String(english.get(key))),
            );
            if (value === english.get(key) && !SAME_AS_ENGLISH[`${feature}.${key}`]?.includes(code))
              copies.push(key);
          }
          expect(copies).toEqual([]);
        });
      }
    });
  }
});
