import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { defineFeatureTexts, type FeatureLocales } from './feature.ts';

const locales = (calls: string[]): FeatureLocales => {
  const one = (code: string, text: string) => async () => {
    calls.push(code);
    return { default: { hello: text } };
  };
  return {
    chs: one('chs', '你好'),
    chsTW: one('chsTW', '你好'),
    en: one('en', 'Hello'),
    ko: one('ko', '안녕하세요'),
    de: one('de', 'Hallo'),
    ru: one('ru', 'Привет'),
    es: one('es', 'Hola'),
    ar: one('ar', 'مرحبا'),
    pt: one('pt', 'Olá'),
    ja: one('ja', 'こんにちは'),
    fr: one('fr', 'Bonjour'),
    it: one('it', 'Ciao'),
  };
};

describe('feature texts', () => {
  beforeEach(async () => {
    window.localStorage.setItem('language', 'de');
    await i18next.init({ lng: 'de', resources: {} });
  });

  it("loads only the current language's namespace, once, before the page resolves", async () => {
    const calls: string[] = [];
    const texts = defineFeatureTexts('greeting', locales(calls));
    const Page = () => null;
    const page = vi.fn(async () => ({ default: Page }));
    const loader = texts.page(page);
    expect(i18next.t('hello', { ns: 'greeting' })).toBe('hello');
    const loaded = await loader();
    expect(loaded.default).toBe(Page);
    expect(i18next.t('hello', { ns: 'greeting' })).toBe('Hallo');
    await loader();
    expect(calls).toEqual(['de']);
  });

  it('loads the namespaces a page borrows from other features', async () => {
    const calls: string[] = [];
    const own = defineFeatureTexts('own', locales(calls));
    const other = defineFeatureTexts('other', locales(calls));
    await own.page(async () => ({ default: () => null }), other)();
    expect(i18next.t('hello', { ns: 'other' })).toBe('Hallo');
    expect(calls).toEqual(['de', 'de']);
  });

  it('fetches a language again after its chunk failed to load', async () => {
    let fail = true;
    const base = locales([]);
    const texts = defineFeatureTexts('flaky', {
      ...base,
      de: async () => {
        if (fail) throw new Error('chunk failed');
        return { default: { hello: 'Hallo' } };
      },
    });
    await expect(texts.load('de')).rejects.toThrow('chunk failed');
    fail = false;
    await texts.load('de');
    expect(i18next.t('hello', { ns: 'flaky', lng: 'de' })).toBe('Hallo');
  });
});

describe('the one loader of the features’ texts', () => {
  it("finds a feature's namespace by its folder and loads the current language's file", async () => {
    const { featureTexts } = await import('./feature.ts');
    const stays = featureTexts('stays');
    expect(featureTexts('stays')).toBe(stays);
    await stays.load('de');
    expect(i18next.t('feature', { ns: 'stays', lng: 'de' })).toBe('Aufenthalte');
    expect(i18next.hasResourceBundle('fr', 'stays')).toBe(false);
  });

  it('refuses a namespace that has no locale files', async () => {
    const { featureTexts } = await import('./feature.ts');
    expect(() => featureTexts('nowhere')).toThrow('nowhere');
  });
});
