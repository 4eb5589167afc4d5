import { ApiOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../app/storage.ts';
import { apiReferenceTexts } from '../../i18n/namespaces.ts';

// The apiReference feature's words: this part shows them on other features' pages too.

/** The server's browsable API reference (server/API.md §19), on the console's own origin. */
export const API_DOCS_URL = '/api-docs/';

/**
 * True once the link's texts are loaded in the current language. The link loads them itself, so any page can show
 * it without loading the namespace with its route (react-i18next does not re-render when a bundle is added).
 */
function useApiReferenceTexts(): boolean {
  const lang = currentLanguage();
  const [ready, setReady] = useState(() => i18next.hasResourceBundle(lang, apiReferenceTexts.ns));
  useEffect(() => {
    if (ready) return;
    let live = true;
    apiReferenceTexts.load(lang).then(
      () => live && setReady(true),
      () => undefined, // the chunk did not come (server down): the link stays away rather than show keys
    );
    return () => {
      live = false;
    };
  }, [lang, ready]);
  return ready;
}

/** A link opening the API reference (/api-docs/) in a new tab. */
export function ApiReferenceLink() {
  const ready = useApiReferenceTexts();
  const { t } = useTranslation(apiReferenceTexts.ns);
  if (!ready) return null;
  return (
    <Typography.Link
      href={API_DOCS_URL}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${t('link')} (${t('newTab')})`}
      title={t('newTab')}
      data-testid="api-reference-link"
    >
      <ApiOutlined style={{ marginInlineEnd: 6 }} />
      {t('link')}
    </Typography.Link>
  );
}

/** A small card for a settings page: what the reference holds, and the link. */
export function ApiReferenceCard() {
  const ready = useApiReferenceTexts();
  const { t } = useTranslation(apiReferenceTexts.ns);
  if (!ready) return null;
  return (
    <Card title={t('card.title')} size="small" data-testid="api-reference-card">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('card.description')}
      </Typography.Paragraph>
      <ApiReferenceLink />
    </Card>
  );
}
