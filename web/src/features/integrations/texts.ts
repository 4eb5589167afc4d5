import { defineFeatureTexts } from '../../i18n/feature.ts';

/** The 'integrations' namespace (the third-party authorisation page: API keys and the card-service try-out), loaded with the feature's page. */
export const integrationsTexts = defineFeatureTexts('integrations', {
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
