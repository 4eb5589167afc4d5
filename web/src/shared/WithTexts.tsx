import { Alert, Button, Spin } from 'antd';
import i18next from 'i18next';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { currentLanguage } from '../app/storage.ts';
import type { FeatureTexts } from '../i18n/feature.ts';
import { t } from '../i18n/index.ts';

const loaded = (all: readonly FeatureTexts[]) =>
  all.every((f) => i18next.hasResourceBundle(currentLanguage(), f.ns));

/**
 * Renders its children once the namespaces they use are loaded. A component that other features embed (the face
 * and fingerprint forms in the check-in page) brings its own texts this way, whatever route loaded it.
 */
export function WithTexts({ texts, children }: { texts: readonly FeatureTexts[]; children: ReactNode }) {
  const [ready, setReady] = useState(() => loaded(texts));
  const [failed, setFailed] = useState(false);
  // Callers pass a fresh array each render; the namespaces are what matters.
  const kept = useRef(texts);
  kept.current = texts;
  const names = texts.map((f) => f.ns).join(',');
  const load = useCallback(() => {
    setFailed(false);
    Promise.all(kept.current.map((f) => f.load())).then(
      () => setReady(true),
      () => setFailed(true),
    );
  }, [names]);
  useEffect(() => {
    if (!ready) load();
  }, [ready, load]);
  if (ready) return <>{children}</>;
  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        title={t('pageLoad.failed')}
        action={
          <Button size="small" onClick={load}>
            {t('tryAgain')}
          </Button>
        }
      />
    );
  return <Spin />;
}
