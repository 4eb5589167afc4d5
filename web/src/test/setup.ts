// Component tests run in jsdom with the English texts; each test starts signed out, in English, sidebar unset.

import { LANGUAGE_CODES } from '@lockdesk/protocol';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { loadErrorTexts } from '../i18n/errors.ts';
import { setupI18nWith } from '../i18n/index.ts';
import en from '../i18n/locales/en.ts';

// findBy*/waitFor wait on a condition; on a busy 2-core CI machine antd's first render in jsdom can take longer than
// testing-library's 1 s default (and past 10 s with other work beside it), so they wait up to 60 s (a wait, not a
// timed assertion: a passing test is not slower).
configure({ asyncUtilTimeout: 60_000 });

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

beforeAll(async () => {
  await setupI18nWith('en', en);
  // The console loads one error table per page load (a language change reloads); tests switch the stored
  // language without reloading, so every table is at hand.
  await Promise.all(LANGUAGE_CODES.map(loadErrorTexts));
});

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.localStorage.setItem('language', 'en');
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  cleanup();
});
