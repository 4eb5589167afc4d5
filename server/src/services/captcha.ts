/** The graphic code: 4 digits drawn as an SVG with noise, so that a script cannot just read it from the markup. */
import { randomInt } from 'node:crypto';

/** A random 4-digit code. */
export const newGraphicCode = (): string => String(randomInt(0, 10_000)).padStart(4, '0');

// Each digit as strokes on a 10×16 grid: drawing paths instead of <text> keeps the digits out of the markup.
const DIGIT_PATHS: Record<string, string> = {
  '0': 'M1 1H9V15H1Z',
  '1': 'M3 3L5 1V15M2 15H8',
  '2': 'M1 2Q5 -1 9 3Q9 7 1 15H9',
  '3': 'M1 1H9L4 7Q10 8 9 13Q6 17 1 14',
  '4': 'M7 15V1L1 10H10',
  '5': 'M9 1H1V7Q9 5 9 11Q8 16 1 14',
  '6': 'M8 1Q1 4 1 11Q2 15 5 15Q9 15 9 11Q9 7 5 7Q2 7 1 10',
  '7': 'M1 1H9L4 15',
  '8': 'M5 7Q1 6 1 4Q1 1 5 1Q9 1 9 4Q9 6 5 7Q1 8 1 11Q1 15 5 15Q9 15 9 11Q9 8 5 7',
  '9': 'M9 6Q8 9 5 9Q1 9 1 5Q1 1 5 1Q9 1 9 6Q9 12 2 15',
};

const rnd = (min: number, max: number) =>
  min + randomInt(0, Math.max(1, Math.round((max - min) * 100))) / 100;
const colour = () => `hsl(${randomInt(0, 360)},${randomInt(40, 80)}%,${randomInt(25, 45)}%)`;

/** An SVG image of the code (120×40) with noise lines and dots, as a data URI. */
export function graphicCodeImage(code: string): string {
  const parts: string[] = [];
  parts.push(`<rect width="120" height="40" fill="hsl(${randomInt(0, 360)},30%,94%)"/>`);
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<path d="M${rnd(0, 20)} ${rnd(0, 40)} Q${rnd(30, 90)} ${rnd(0, 40)} ${rnd(100, 120)} ${rnd(0, 40)}" stroke="${colour()}" stroke-width="${rnd(0.5, 1.5)}" fill="none"/>`,
    );
  }
  [...code].forEach((digit, i) => {
    const path = DIGIT_PATHS[digit] ?? '';
    const x = 12 + i * 26 + rnd(-3, 3);
    const y = 6 + rnd(-3, 3);
    const angle = rnd(-20, 20);
    const scale = rnd(1.4, 1.7);
    parts.push(
      `<path d="${path}" transform="translate(${x} ${y}) rotate(${angle} 5 8) scale(${scale})" stroke="${colour()}" stroke-width="${rnd(1.4, 2)}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  for (let i = 0; i < 30; i++) {
    parts.push(`<circle cx="${rnd(0, 120)}" cy="${rnd(0, 40)}" r="${rnd(0.4, 1.2)}" fill="${colour()}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">${parts.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
