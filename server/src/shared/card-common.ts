/**
 * What the dispenser, M1 and CPU card calls (API.md §9) share: the address of a reader, hex card identifiers, the
 * card expiry rule of the protocol, and the page fields (`limit`, or `pageSize` as the card pages send it).
 */
import { checkCardExpiry, type ErrorCode } from '@lockdesk/protocol';

// The body fields are the contracts' (protocol/src/calls/card-fields.ts); the dispenser routes take them from here.
export { cardPageFields, expiryField, hexId, readerAddress, readerAddressField } from '@lockdesk/protocol';

/** A card's expiry: required, in the future by the server clock, not past 2035 (protocol checkCardExpiry). */
export function cardExpiry(end: Date, nowMs: number): ErrorCode | undefined {
  return checkCardExpiry(end.getTime(), nowMs);
}

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
