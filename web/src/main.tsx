import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { currentDirection, currentLanguage } from './app/storage.ts';
import './app/global.css';
import { loadComponentLocale } from './i18n/antd.ts';
import { applyDocumentLanguage, setupI18n } from './i18n/index.ts';

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
