import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TEXTS, type ErrorCode } from '../errors.js';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.js';
import {
  ERROR_TRANSLATIONS,
  errorLanguage,
  errorTextsFor,
  SHARED_WORDS,
  type SharedWords,
  translateError,
} from './index.js';

const OTHER_LANGUAGES = LANGUAGE_CODES.filter((l) => l !== 'en');

/**
 * Texts allowed to equal the English one. Empty on purpose: every text of the catalogue has a real translation in
 * every language (Spanish 'Error' was written as a sentence so that it cannot pass for an untranslated text).
 * An entry here needs a comment saying why the text is invariant in that language.
 */
const SAME_AS_ENGLISH: ReadonlySet<`${LanguageCode}.${ErrorCode}`> = new Set([]);

/** The `{name}` parameters of a text, sorted, duplicates kept (so a count change is caught too). */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}

/** The script each language's texts must show at least once per text. */
const SCRIPT: Partial<Record<LanguageCode, RegExp>> = {
  ar: /\p{Script=Arabic}/u,
  chs: /\p{Script=Han}/u,
  chsTW: /\p{Script=Han}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  ko: /\p{Script=Hangul}/u,
  ru: /\p{Script=Cyrillic}/u,
};

describe('error catalogue translations', () => {
  it('covers exactly the 12 console languages', () => {
    expect(Object.keys(ERROR_TRANSLATIONS).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it('uses the catalogue itself for English', () => {
    expect(ERROR_TRANSLATIONS.en).toBe(ERROR_TEXTS);
  });

  describe.each(LANGUAGE_CODES)('%s', (language) => {
    const texts = ERROR_TRANSLATIONS[language];

    it('has every code of the catalogue and no unknown code', () => {
      expect(Object.keys(texts).sort()).toEqual([...ERROR_CODES].sort());
    });

    it('has no empty or blank text', () => {
      const blank = ERROR_CODES.filter(
        (code) => typeof texts[code] !== 'string' || texts[code].trim() === '',
      );
      expect(blank).toEqual([]);
    });

    it('keeps the same {param} placeholders as English', () => {
      const broken = ERROR_CODES.filter(
        (code) => placeholders(texts[code]).join(',') !== placeholders(ERROR_TEXTS[code]).join(','),
      ).map((code) => `${code}: ${texts[code]}`);
      expect(broken).toEqual([]);
    });

    it('has no stray brace outside a placeholder', () => {
      const stray = ERROR_CODES.filter((code) => /[{}｛｝]/.test(texts[code].replace(/\{\w+\}/g, '')));
      expect(stray).toEqual([]);
    });

    it('has no leading or trailing whitespace', () => {
      const padded = ERROR_CODES.filter((code) => texts[code] !== texts[code].trim());
      expect(padded).toEqual([]);
    });
  });

  describe.each(OTHER_LANGUAGES)('%s', (language) => {
    const texts = ERROR_TRANSLATIONS[language];

    it('translates every text (none is the English one)', () => {
      const untranslated = ERROR_CODES.filter(
        (code) => texts[code] === ERROR_TEXTS[code] && !SAME_AS_ENGLISH.has(`${language}.${code}`),
      );
      expect(untranslated).toEqual([]);
    });

    it('is a translation of its own, not a copy of another language', () => {
      const copies = OTHER_LANGUAGES.filter((other) => other !== language).filter((other) =>
        ERROR_CODES.every((code) => ERROR_TRANSLATIONS[other][code] === texts[code]),
      );
      expect(copies).toEqual([]);
    });
  });

  describe.each(Object.entries(SCRIPT) as [LanguageCode, RegExp][])('%s script', (language, script) => {
    it('shows the language’s script in every text', () => {
      const texts = ERROR_TRANSLATIONS[language];
      const foreign = ERROR_CODES.filter((code) => !script.test(texts[code]));
      expect(foreign).toEqual([]);
    });
  });

  it('writes Japanese with kana, not as Chinese', () => {
    const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
    const kanaFree = ERROR_CODES.filter((code) => !kana.test(ERROR_TRANSLATIONS.ja[code]));
    expect(kanaFree).toEqual([]);
  });

  it('uses Taiwan wording in Traditional Chinese, not converted Simplified Chinese', () => {
    const tw = ERROR_TRANSLATIONS.chsTW;
    expect(tw.LOGIN_EXPIRED).toContain('登入');
    expect(tw.DEVICE_NOT_RESPONDING).toContain('裝置');
    expect(tw.SMS_CODE_REQUIRED).toContain('簡訊');
    // Simplified-only characters must not leak into the Traditional table.
    const simplified = /[录设连网络请输为时没进资无发检备读写号码间错误败这该个数据过选择须经务户]/u;
    const leaks = ERROR_CODES.filter((code) => simplified.test(tw[code]));
    expect(leaks).toEqual([]);
  });

  it('keeps the vendor console wording for Simplified Chinese', () => {
    const chs = ERROR_TRANSLATIONS.chs;
    // Traditional-only characters must not leak into the Simplified table either.
    const traditional = /[錄設連網絡請輸為時沒進資無發檢備讀寫號碼間錯誤敗這該個數據過選擇須經務戶裝]/u;
    expect(ERROR_CODES.filter((code) => traditional.test(chs[code]))).toEqual([]);
    expect(chs.DATA_PARSE_FAILED).toBe('数据解析失败，请检查网络或联系管理员');
    expect(chs.VERIFICATION_CODE_INCORRECT).toBe('验证码错误');
    expect(chs.PASSWORD_INCORRECT).toBe('密码错误');
    expect(chs.LOGIN_EXPIRED).toBe('登录信息已过期，请重新登录');
    expect(chs.SERVICE_EXPIRED).toBe('服务已到期，请联系客户经理{parentMobile}');
  });
});

describe('translateError', () => {
  it('fills parameters in Arabic', () => {
    const text = translateError('ar', 'SERVICE_EXPIRED', { parentMobile: '13800138000' });
    expect(text).toContain('13800138000');
    expect(text).toMatch(/\p{Script=Arabic}/u);
    expect(text).not.toContain('{parentMobile}');
  });

  it('fills several parameters', () => {
    expect(translateError('chs', 'SERVICE_EXPIRING', { days: 7, parentMobile: '13800138000' })).toBe(
      '服务将在7天后到期，请联系客户经理13800138000',
    );
    expect(translateError('de', 'READER_ERROR_CODE', { message: 'Karte anfordern', retval: -3 })).toBe(
      'Karte anfordern Fehlercode -3',
    );
  });

  it('accepts a stored code or a language header value', () => {
    expect(translateError('chsTW', 'PASSWORD_INCORRECT')).toBe('密碼錯誤');
    expect(translateError('zh-TW', 'PASSWORD_INCORRECT')).toBe('密碼錯誤');
    expect(translateError('zh-CN', 'PASSWORD_INCORRECT')).toBe('密码错误');
    expect(translateError('ru-RU', 'ERROR')).toBe('Ошибка');
    expect(translateError('ko', 'ERROR')).toBe('오류');
  });

  it('falls back to English for an unknown or missing language', () => {
    for (const language of [undefined, null, '', 'xx', 'klingon', 'constructor', '__proto__']) {
      expect(translateError(language, 'NO_CARD')).toBe('No card detected!');
      expect(errorLanguage(language)).toBe('en');
    }
  });

  it('leaves a missing parameter visible instead of inventing a value', () => {
    expect(translateError('fr', 'OPERATION_FAILED')).toBe('Échec de l’opération : {message}');
  });

  it('gives each language its own table through errorTextsFor', () => {
    for (const language of LANGUAGE_CODES) {
      expect(errorTextsFor(language)).toBe(ERROR_TRANSLATIONS[language]);
    }
    expect(errorTextsFor('ja-JP')).toBe(ERROR_TRANSLATIONS.ja);
    expect(errorTextsFor('nope')).toBe(ERROR_TEXTS);
  });
});

describe('the words the console and the exports share', () => {
  const flat = (words: SharedWords) =>
    Object.entries(words).flatMap(([group, table]) =>
      Object.entries(table as Record<string, string>).map(
        ([key, text]) => [`${group}.${key}`, text] as const,
      ),
    );
  const english = flat(SHARED_WORDS.en);

  for (const code of LANGUAGE_CODES) {
    it(`${code}: every English word, none empty, none left in English`, () => {
      const texts = flat(SHARED_WORDS[code]);
      expect(texts.map(([key]) => key)).toEqual(english.map(([key]) => key));
      for (const [key, text] of texts) {
        expect(text.trim(), `${code} ${key}`).not.toBe('');
        if (code !== 'en') expect(text, `${code} ${key}`).not.toBe(english.find(([k]) => k === key)?.[1]);
      }
    });
  }
});
