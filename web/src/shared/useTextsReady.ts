import i18next from 'i18next';
import { useEffect, useState } from 'react';
import type { FeatureTexts } from '../i18n/feature.ts';

/**
 * Whether a namespace's texts are loaded, loading them if not: a part that other features' pages embed (a room's
 * tenant panel) brings its own words this way. A chunk that cannot be fetched (server gone) leaves the keys
 * showing rather than a blank panel.
 */
export function useTextsReady(texts: FeatureTexts): boolean {
  const [ready, setReady] = useState(() => i18next.hasResourceBundle(i18next.language, texts.ns));
  useEffect(() => {
    if (ready) return;
    let live = true;
    texts.load().then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [ready, texts]);
  return ready;
}
