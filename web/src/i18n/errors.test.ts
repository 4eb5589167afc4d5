import { ERROR_CODES, ERROR_TRANSLATIONS, LANGUAGE_CODES, translateError } from '@lockdesk/protocol';
import { describe, expect, it } from 'vitest';
import { errorTextIn, errorTextsLoaded, loadErrorTexts } from './errors.ts';

describe('the error catalogue, one language per page load', () => {
  it('loads each language its own table, the very one protocol translates with', async () => {
    for (const code of LANGUAGE_CODES) {
      expect(await loadErrorTexts(code), code).toBe(ERROR_TRANSLATIONS[code]);
      expect(errorTextsLoaded(code)).toBe(true);
    }
  });

  it("gives translateError's text for every code and language, parameters filled", async () => {
    await Promise.all(LANGUAGE_CODES.map(loadErrorTexts));
    const params = { max: 7, min: 2, seconds: 30, field: 'x' };
    for (const code of LANGUAGE_CODES) {
      for (const error of ERROR_CODES) {
        expect(errorTextIn(code, error, params), `${code} ${error}`).toBe(
          translateError(code, error, params),
        );
      }
    }
    expect(errorTextIn('de', 'ERROR')).toBe('Fehler');
  });
});
