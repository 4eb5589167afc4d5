/** Money is kept in fen (1/100 yuan) integers so sums never drift; the API speaks yuan with 2 decimals. */

const YUAN_RE = /^\d{1,9}(?:\.\d{1,2})?$/;

/** Reads a yuan amount (number or numeric string, at most 2 decimals, not negative) as fen; undefined when unreadable. */
export function parseYuan(value: unknown): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value >= 1e9) return undefined;
    // A float such as 0.1 + 0.2 carries noise beyond 2 decimals: round to fen only when it is that noise.
    const fen = Math.round(value * 100);
    return Math.abs(fen - value * 100) < 1e-6 ? fen : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!YUAN_RE.test(text)) return undefined;
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** Fen as a yuan number with at most 2 decimals (12345 → 123.45). */
export function toYuan(fen: number): number {
  return Math.round(fen) / 100;
}
