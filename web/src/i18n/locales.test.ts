import { LANGUAGE_CODES, type LanguageCode } from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import ar from './locales/ar.ts';
import chs from './locales/chs.ts';
import chsTW from './locales/chsTW.ts';
import de from './locales/de.ts';
import en, { type Messages } from './locales/en.ts';
import es from './locales/es.ts';
import fr from './locales/fr.ts';
import it_ from './locales/it.ts';
import ja from './locales/ja.ts';
import ko from './locales/ko.ts';
import pt from './locales/pt.ts';
import ru from './locales/ru.ts';

const LOCALES: Record<LanguageCode, Messages> = { chs, chsTW, en, ko, de, ru, es, ar, pt, ja, fr, it: it_ };

/** Texts that may equal the English one: words the language itself uses unchanged. */
const SAME_AS_ENGLISH: Record<string, readonly LanguageCode[]> = {
  // Italian writes 'password' in software, as English does.
  'account.password': ['it'],
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

const english = flatten(en);
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('console texts in the 12 languages', () => {
  it('has a file for every language of the protocol', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  for (const code of LANGUAGE_CODES) {
    it(`${code}: every English key exists, with a non-empty text and the same placeholders`, () => {
      const texts = flatten(LOCALES[code]);
      expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [key, value] of texts) {
        expect(typeof value, `${code} ${key}`).toBe('string');
        expect((value as string).trim(), `${code} ${key}`).not.toBe('');
        expect(placeholders(value as string), `${code} ${key}`).toEqual(
          placeholders(english.get(key) as string),
        );
      }
    });

    if (code === 'en') continue;
    it(`${code}: no text is a copy of the English one (outside the allow-list)`, () => {
      const copies = [...flatten(LOCALES[code])]
        .filter(([key, value]) => value === english.get(key) && !SAME_AS_ENGLISH[key]?.includes(code))
        .map(([key]) => key);
      expect(copies).toEqual([]);
    });
  }
});
