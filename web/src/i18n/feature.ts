import type { LanguageCode } from '@lockdesk/protocol';
import i18next from 'i18next';
import type { PageLoader } from '../app/routeTable.ts';
import { currentLanguage } from '../app/storage.ts';

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

/** Every namespace declared so far, by name (each feature's texts.ts declares its own when the route table loads). */
const declared = new Map<string, FeatureTexts>();

// Each feature's texts.ts (a namespace's name is its feature's folder), fetched only when a namespace is asked for
// by name before its feature's routes declared it (a page or a test that shows another feature's part).
const featureTexts = import.meta.glob('../features/*/texts.ts');

/**
 * Another feature's namespace by its name, for a page that shows a part of it (a room's detail shows the stays
 * feature's tenant panel): the route names it without importing the other feature.
 */
export function textsNamed(ns: string): FeatureTexts {
  const found = async () => {
    if (!declared.has(ns)) await featureTexts[`../features/${ns}/texts.ts`]?.();
    const texts = declared.get(ns);
    if (!texts) throw new Error(`No texts declared for the '${ns}' namespace`);
    return texts;
  };
  return {
    ns,
    load: async (code) => (await found()).load(code),
    page:
      (loader, ...also) =>
      async () =>
        (await found()).page(loader, ...also)(),
  };
}

/** Declares a feature's namespace and where each language's texts are. */
export function defineFeatureTexts(ns: string, locales: FeatureLocales): FeatureTexts {
  const loading = new Map<LanguageCode, Promise<void>>();
  const texts: FeatureTexts = {
    ns,
    load(code = currentLanguage()) {
      let done = loading.get(code);
      if (!done) {
        done = locales[code]().then(({ default: messages }) => {
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
  declared.set(ns, texts);
  return texts;
}
