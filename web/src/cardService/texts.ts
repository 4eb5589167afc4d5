import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { defineFeatureTexts } from '../i18n/feature.ts';

/** The 'cardService' namespace: the reader's status, the reader selector, the steps of a card write. */
export const cardServiceTexts = defineFeatureTexts('cardService', {
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
});

/**
 * True once the 'cardService' texts of the current language are loaded: its parts are shown by every page (the
 * sidebar, the personal centre, the card pages), which need not have loaded this namespace with their chunk.
 */
export function useCardServiceTexts(): boolean {
  const [ready, setReady] = useState(() => i18next.hasResourceBundle(i18next.language, cardServiceTexts.ns));
  useEffect(() => {
    if (ready) return;
    let live = true;
    cardServiceTexts.load().then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
