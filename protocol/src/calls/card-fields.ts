/**
 * Body fields the dispenser and card calls share (server/API.md §9): a reader's address, hex identifiers read off a
 * card, an M1 card's UID and the card lists' paging (`limit`, or `pageSize` as the card pages send it). Pure, so the
 * contracts check with them and the server stores what they accept.
 */
import type { ErrorCode } from '../errors.js';
import { checkBrokerDeviceId, checkReaderAddress } from '../rules.js';
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

/** Paging of the card lists: page, and limit or its alias pageSize (1–100, default 20). */
export const cardPageFields = {
  page: f.int({ min: 1, max: 1_000_000, optional: true }),
  limit: f.int({ min: 1, max: 100, optional: true }),
  pageSize: f.int({ min: 1, max: 100, optional: true }),
} as const;

/** A MIFARE UID: 4 or 7 bytes (8 or 14 hex; spaces and colons allowed as typed). */
export const M1_UID = /^(?:[0-9A-F]{8}|[0-9A-F]{14})$/;

/** The body field of an M1 card's UID. */
export const m1UidField = <O extends { optional?: boolean }>(o?: O) =>
  f.string({
    max: 32,
    check: (v: string) => (M1_UID.test(hexId(v)) ? undefined : 'FIELD_INVALID'),
    ...o,
  });
