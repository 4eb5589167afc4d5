/**
 * What the dispenser, M1 and CPU card calls (API.md §9) share: the address of a reader, hex card identifiers, the
 * card expiry rule of the protocol, and the page fields (`limit`, or `pageSize` as the card pages send it).
 */
import { checkBrokerDeviceId, checkCardExpiry, checkReaderAddress, type ErrorCode } from '@lockdesk/protocol';
import { f } from '../fields.js';

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

/** A card's expiry: required, in the future by the server clock, not past 2035 (protocol checkCardExpiry). */
export function cardExpiry(end: Date, nowMs: number): ErrorCode | undefined {
  return checkCardExpiry(end.getTime(), nowMs);
}

/** The card expiry body field (the clock is checked in the handler: a schema check has no clock). */
export const expiryField = () =>
  f.time({ required: 'CARD_EXPIRY_REQUIRED', invalid: 'CARD_EXPIRY_REQUIRED' });

/** Paging of the card lists: page, and limit or its alias pageSize (1–100, default 20). */
export const cardPageFields = {
  page: f.int({ min: 1, max: 1_000_000, optional: true }),
  limit: f.int({ min: 1, max: 100, optional: true }),
  pageSize: f.int({ min: 1, max: 100, optional: true }),
} as const;

/** The page a card list body asks for, as fields.ts listPage takes it. */
export const pageOfCards = (body: { page?: number; limit?: number; pageSize?: number }) => ({
  page: body.page ?? 1,
  limit: body.limit ?? body.pageSize ?? 20,
});

/** A list answer with `pageSize` beside `limit` (the card pages read either). */
export const withPageSize = <T extends { limit: number }>(answer: T) => ({
  ...answer,
  pageSize: answer.limit,
});
