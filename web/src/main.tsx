import { dispenserCalls } from '@lockdesk/protocol';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchBrokerCredential } from './api/broker.ts';
import { callManage } from './api/client.ts';
import { getToken } from './api/session.ts';
import { App } from './app/App.tsx';
import { can } from './app/permissions.ts';
import { currentDirection, currentLanguage } from './app/storage.ts';
import './app/global.css';
import { setBrokerCredentialProvider, setHeartbeatReporter } from './cardService/service.ts';
import { loadComponentLocale } from './i18n/antd.ts';
import { applyDocumentLanguage, setupI18n } from './i18n/index.ts';

// The remote reader's heartbeats tell the server its dispenser is there (server/API.md §9), in the background:
// only for a signed-in account that may (credential.manage), and a failure (a network hiccup) shows no toast.
setHeartbeatReporter((macId) =>
  getToken() && can('credential.manage')
    ? callManage(dispenserCalls.checkStatus, { mac_id: macId, seen: true }, { silent: true })
    : null,
);

// The remote reader logs in to the broker with the signed-in operator's short-lived credential (issue 19 §2).
setBrokerCredentialProvider(fetchBrokerCredential);

/** Loads the stored language (texts, antd's and dayjs's locale) before the first paint, then mounts the console. */
async function start(): Promise<void> {
  const language = currentLanguage();
  const direction = currentDirection();
  applyDocumentLanguage(language, direction);
  const [, locale] = await Promise.all([setupI18n(language), loadComponentLocale(language)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App locale={locale} direction={direction} />
    </StrictMode>,
  );
}

void start();
