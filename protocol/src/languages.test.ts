import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  isRtl,
  LANGUAGE_CODES,
  LANGUAGES,
  languageFromHeader,
  languageHeader,
  showsBusinessAreas,
} from './languages.js';

// Issue 2 §2.8 and spec §7: each stored code (local storage key `language`) and the `language` header it sends.
const EXPECTED: [string, string][] = [
  ['chs', 'zh-CN'],
  ['chsTW', 'zh-TW'],
  ['en', 'en'],
  ['ko', 'ko'],
  ['de', 'de'],
  ['ru', 'ru-RU'],
  ['es', 'es'],
  ['ar', 'ar'],
  ['pt', 'pt'],
  ['ja', 'ja'],
  ['fr', 'fr'],
  ['it', 'it'],
];

describe('the 12 console languages', () => {
  it('are the storage codes of the spec, each with its header value', () => {
    expect(LANGUAGES.map((l) => [l.code, l.header])).toEqual(EXPECTED);
    expect(LANGUAGE_CODES).toEqual(EXPECTED.map(([code]) => code));
    expect(LANGUAGE_CODES).toContain(DEFAULT_LANGUAGE);
  });

  it.each(EXPECTED)('%s sends the header %s and is read back from it', (code, header) => {
    expect(languageHeader(code)).toBe(header);
    expect(languageFromHeader(header)).toBe(code);
    expect(languageFromHeader(header.toUpperCase())).toBe(code);
  });

  it('sends zh-CN when the stored language is unknown or unset', () => {
    for (const stored of [null, undefined, '', 'xx', 'zh']) expect(languageHeader(stored)).toBe('zh-CN');
  });

  it('reads regional header variants and nothing else', () => {
    expect(languageFromHeader('ru')).toBe('ru');
    expect(languageFromHeader('pt-BR')).toBe('pt');
    expect(languageFromHeader('zh-Hant')).toBe('chsTW');
    expect(languageFromHeader('zh-HK')).toBe('chsTW');
    expect(languageFromHeader('zh-SG')).toBe('chs');
    expect(languageFromHeader(' en-GB ')).toBe('en');
    for (const header of [null, undefined, '', 'xx', 'nl-NL'])
      expect(languageFromHeader(header)).toBeUndefined();
  });

  it('writes Arabic right to left and nothing else', () => {
    expect(LANGUAGE_CODES.filter((code) => isRtl(code))).toEqual(['ar']);
    expect(isRtl(undefined)).toBe(false);
  });

  it('shows the business and bill areas only for Chinese or an unset language (spec §1)', () => {
    expect(LANGUAGE_CODES.filter((code) => showsBusinessAreas(code))).toEqual(['chs', 'chsTW']);
    for (const stored of [null, undefined, '']) expect(showsBusinessAreas(stored)).toBe(true);
    expect(showsBusinessAreas('xx')).toBe(false);
  });
});
