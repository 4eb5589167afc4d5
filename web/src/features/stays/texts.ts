import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { defineFeatureTexts } from '../../i18n/feature.ts';

/** The 'stays' namespace, loaded with the feature's pages. */
export const staysTexts = defineFeatureTexts('stays', {
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
 * True once the 'stays' texts of the current language are loaded. The panels are rendered by other features'
 * pages (the room detail), which need not have loaded this namespace with their page.
 */
export function useStaysTexts(): boolean {
  const [ready, setReady] = useState(() => i18next.hasResourceBundle(i18next.language, staysTexts.ns));
  useEffect(() => {
    if (ready) return;
    let live = true;
    staysTexts.load().then(
      () => live && setReady(true),
      // A chunk that cannot be fetched (server gone) leaves the keys showing rather than a blank panel.
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
