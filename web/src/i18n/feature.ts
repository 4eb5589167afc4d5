import type { LanguageCode } from '@lockdesk/protocol';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import type { PageLoader } from '../app/routeTable.ts';
import { currentLanguage } from '../app/storage.ts';
import { loadCommonTexts } from './common.ts';

/**
 * A feature's texts: an i18next namespace of its own, one chunk per language, loaded with the feature's pages so
 * that no single locale file grows with every page (features/<area>/locales/<lang>.ts, en.ts the reference).
 */
export interface FeatureTexts {
  /** The i18next namespace: components call `useTranslation(ns)`. */
  readonly ns: string;
  /** Adds the namespace's texts of a language to i18next (once; later calls resolve at once). */
  load(code?: LanguageCode): Promise<void>;
  /** A page loader that resolves once this namespace (and `also`'s) is loaded in the current language. */
  page(loader: PageLoader, ...also: FeatureTexts[]): PageLoader;
}

export type FeatureLocales = Record<LanguageCode, () => Promise<{ default: object }>>;

/** Declares a feature's namespace and where each language's texts are. */
export function defineFeatureTexts(ns: string, locales: FeatureLocales): FeatureTexts {
  const loading = new Map<LanguageCode, Promise<void>>();
  const texts: FeatureTexts = {
    ns,
    load(code = currentLanguage()) {
      let done = loading.get(code);
      if (!done) {
        done = Promise.all([locales[code](), loadCommonTexts(code)]).then(([{ default: messages }]) => {
          i18next.addResourceBundle(code, ns, messages, true, true);
        });
        // A failed chunk (server down) may be fetched again by the page's 'Try again'.
        done.catch(() => loading.delete(code));
        loading.set(code, done);
      }
      return done;
    },
    page(loader, ...also) {
      return async () => {
        const [page] = await Promise.all([loader(), texts.load(), ...also.map((f) => f.load())]);
        return page;
      };
    },
  };
  return texts;
}

/**
 * Every namespace's texts, one lazy chunk per feature and language: the entry holds only this table of loaders,
 * a page's chunk pulls in its own language when the page is opened.
 */
const LOCALE_FILES = import.meta.glob<{ default: object }>([
  '../features/*/locales/*.ts',
  '../cardService/locales/*.ts',
]);

const NAMESPACE_FILE = /\/(?:features\/)?([^/]+)\/locales\/([^/]+)\.ts$/;

/** The loaders of each namespace's languages, by the folder its locales sit in. */
function localesByNamespace(): Map<string, Partial<FeatureLocales>> {
  const out = new Map<string, Partial<FeatureLocales>>();
  for (const [file, load] of Object.entries(LOCALE_FILES)) {
    const m = NAMESPACE_FILE.exec(file);
    if (!m?.[1] || !m[2]) continue;
    const byLanguage = out.get(m[1]) ?? {};
    byLanguage[m[2] as LanguageCode] = load;
    out.set(m[1], byLanguage);
  }
  return out;
}

const LOCALES = localesByNamespace();
const NAMESPACES = new Map<string, FeatureTexts>();

/** The texts of a feature (its folder's name: 'stays', 'cardService'), one object per namespace. */
export function featureTexts(ns: string): FeatureTexts {
  let texts = NAMESPACES.get(ns);
  if (!texts) {
    const locales = LOCALES.get(ns);
    // The features' text test proves that every namespace has all 12 languages.
    if (!locales) throw new Error(`No locale files for the '${ns}' texts`);
    texts = defineFeatureTexts(ns, locales as FeatureLocales);
    NAMESPACES.set(ns, texts);
  }
  return texts;
}

/**
 * True once a namespace's texts of the current language are loaded: for parts shown by other features' pages (the
 * room detail shows the stays' panels; every page shows the reader's status), which need not have loaded it.
 */
export function useFeatureTexts(texts: FeatureTexts): boolean {
  const [ready, setReady] = useState(() => i18next.hasResourceBundle(i18next.language, texts.ns));
  useEffect(() => {
    if (ready) return;
    let live = true;
    texts.load().then(
      () => live && setReady(true),
      // A chunk that cannot be fetched (server gone) leaves the keys showing rather than a blank panel.
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [ready, texts]);
  return ready;
}
