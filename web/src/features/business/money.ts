/**
 * Yuan typed by a person ↔ integer fen as the server keeps money (API.md §15). Parsing reads the digits as text,
 * never multiplies a float, so '0.10' is exactly 10 fen and '19.99' exactly 1999.
 */

/** The largest amount one call moves (the server's MAX_AMOUNT_FEN): ¥10,000,000.00. */
export const MAX_AMOUNT_FEN = 1_000_000_000;

const YUAN = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/** Typed yuan ('12', '12.5', '12.50', ' 1,234.56 ') as fen; undefined when not an amount with ≤ 2 decimals. */
export function yuanToFen(text: string): number | undefined {
  const cleaned = text
    .trim()
    .replace(/[,，\s]/g, '')
    .replace(/^[¥￥]/, '');
  const match = YUAN.exec(cleaned);
  if (!match) return undefined;
  const whole = match[1] as string;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(whole) * 100 + Number(cents);
}

/** Fen as plain yuan text with two decimals: 1999 → '19.99', for a form's default value. */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Fen shown as money: 123456789 → '¥1,234,567.89' (grouping by text, so no float ever rounds it). */
export function formatYuan(fen: number): string {
  const text = fenToYuanText(fen);
  const negative = text.startsWith('-');
  const [whole = '0', cents = '00'] = (negative ? text.slice(1) : text).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}¥${grouped}.${cents}`;
}

/** An antd Form rule check: the typed yuan is an amount of 0.01 … max fen. Returns the fen or an error key. */
export function checkAmount(
  text: string | undefined,
  maxFen: number = MAX_AMOUNT_FEN,
): { ok: true; fen: number } | { ok: false; error: 'required' | 'invalid' | 'tooSmall' | 'tooLarge' } {
  if (!text?.trim()) return { ok: false, error: 'required' };
  const fen = yuanToFen(text);
  if (fen === undefined) return { ok: false, error: 'invalid' };
  if (fen < 1) return { ok: false, error: 'tooSmall' };
  if (fen > maxFen) return { ok: false, error: 'tooLarge' };
  return { ok: true, fen };
}
