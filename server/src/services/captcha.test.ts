import { describe, expect, it } from 'vitest';
import { graphicCodeImage, newGraphicCode } from './captcha.js';

describe('graphic code', () => {
  it('is 4 digits', () => {
    for (let i = 0; i < 50; i++) expect(newGraphicCode()).toMatch(/^\d{4}$/);
  });

  it('draws an SVG data URI that does not carry the digits as text, differently each time', () => {
    const a = graphicCodeImage('4827');
    const svg = Buffer.from(a.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/<text|4827/);
    expect((svg.match(/<path/g) ?? []).length).toBe(6 + 4);
    expect(graphicCodeImage('4827')).not.toBe(a);
  });
});
