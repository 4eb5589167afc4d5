/** The money fields of the room, stay and price calls: yuan with at most 2 decimals (stored as fen). */
import { parseYuan } from '../money.js';
import { checkPrice } from '../rules.js';
import { f, type NumberField } from './schema.js';

/** A room price in yuan: a number ≥ 1 with at most 2 decimals (PRICE_TOO_LOW when missing or lower). */
export const priceField = <O extends Omit<NumberField, 'type'>>(o?: O) =>
  ({
    ...f.number({
      required: 'PRICE_TOO_LOW',
      invalid: 'PRICE_TOO_LOW',
      check: (v: number) => checkPrice(v) ?? (parseYuan(v) === undefined ? 'FIELD_INVALID' : undefined),
    }),
    ...o,
  }) as NumberField & O;

/** A deposit in yuan: ≥ 0 with at most 2 decimals. */
export const depositField = () =>
  f.number({
    optional: true,
    min: 0,
    check: (v: number) => (parseYuan(v) === undefined ? 'FIELD_INVALID' : undefined),
  });
