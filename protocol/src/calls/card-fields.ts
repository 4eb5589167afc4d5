/**
 * Body fields the dispenser, M1 and CPU card calls share (API.md §9): the address of a reader, hex card
 * identifiers, the card expiry and the page fields (`limit`, or `pageSize` as the card pages send it).
 */
import type { ErrorCode } from '../errors.js';
import { checkBrokerDeviceId, checkReaderAddress } from '../rules.js';
import type { Page } from './page.js';
import { f } from './schema.js';

/** A dispenser (card reader) address: 12 digits (spec §5) or the 12 hex of a broker device id; upper-cased. */
export function readerAddress(value: string): string | undefined {
  const text = value.trim().toUpperCase();
  return checkReaderAddress(text) === undefined || checkBrokerDeviceId(text) === undefined ? text : undefined;
}

/** The body field of a dispenser address: missing is 'Card dispenser number is required'. */
export const readerAddressField = () =>
  f.string({
    max: 32,
    required: 'SENDER_NUMBER_REQUIRED',
    invalid: 'READER_ADDRESS_INVALID',
    check: (v: string): ErrorCode | undefined =>
      readerAddress(v) === undefined ? 'READER_ADDRESS_INVALID' : undefined,
  });

/** A hex identifier read off a card (UID, serial) as stored: upper case, no spaces or colons. */
export const hexId = (value: string): string => value.replace(/[\s:-]/g, '').toUpperCase();

/** The card expiry body field (the clock is checked in the handler: a schema check has no clock). */
export const expiryField = () =>
  f.time({ required: 'CARD_EXPIRY_REQUIRED', invalid: 'CARD_EXPIRY_REQUIRED' });

/** Paging of the card lists: page, and limit or its alias pageSize (1–100, default 20). */
export const cardPageFields = {
  page: f.int({ min: 1, max: 1_000_000, optional: true }),
  limit: f.int({ min: 1, max: 100, optional: true }),
  pageSize: f.int({ min: 1, max: 100, optional: true }),
} as const;

/** A card list's page: `pageSize` beside `limit` (the card pages read either). */
export type CardPage<T> = Page<T> & { pageSize: number };
