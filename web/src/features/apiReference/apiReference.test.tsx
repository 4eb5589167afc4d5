import { LANGUAGE_CODES } from '@lockdesk/protocol';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API_DOCS_URL,
  ApiReferenceCard,
  ApiReferenceLink,
} from '../../shared/apiReference/ApiReferenceLink.tsx';
import en from './locales/en.ts';

describe('ApiReferenceLink', () => {
  it('loads its own texts and opens the server’s reference in a new tab, without the opener', async () => {
    render(<ApiReferenceLink />);
    const link = await screen.findByTestId('api-reference-link');
    expect(link.textContent).toBe('API reference');
    expect(link.getAttribute('href')).toBe('/api-docs/');
    expect(API_DOCS_URL).toBe('/api-docs/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('aria-label')).toBe('API reference (opens in a new tab)');
  });

  it('shows a card saying what the reference holds, with the link', async () => {
    render(<ApiReferenceCard />);
    const card = await screen.findByTestId('api-reference-card');
    expect(card.textContent).toContain('For developers');
    expect(card.textContent).toContain(en.card.description);
    expect(screen.getByTestId('api-reference-link')).toBeTruthy();
  });
});

describe('apiReference texts', () => {
  it('are translated in every language, not English copies', async () => {
    const flat = (o: object): string[] =>
      Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : flat(v as object)));
    const english = flat(en);
    for (const code of LANGUAGE_CODES) {
      if (code === 'en') continue;
      const texts = (await import(`./locales/${code}.ts`)).default as object;
      const own = flat(texts);
      expect(own, code).toHaveLength(english.length);
      for (const [i, text] of own.entries()) {
        expect(text.trim(), `${code} #${i}`).not.toBe('');
        expect(text, `${code} #${i}`).not.toBe(english[i]);
      }
    }
  });
});
