/**
 * The SQL of the hotel's card encryption (API.md §8.5): the sectors it encrypts, the issued cards with their
 * encryption, and the key sectors recorded on a card's records after a key change.
 */
import type { Db } from '../../db/index.js';
import { listPage } from '../../fields.js';
import { type CardRow, type CardViewer, cardQuery, visibleCards } from './key-cards.js';

/** The sectors the hotel's new cards carry diversified keys in ([] turns encryption off). */
export async function setEncryptedSectors(
  db: Db,
  hotelId: number,
  sectors: number[],
  now: Date,
): Promise<void> {
  await db
    .updateTable('hotel_cards')
    .set({ encrypted_sectors: sectors, updated_at: now })
    .where('hotel_id', '=', hotelId)
    .execute();
}

/**
 * A page of the issued cards with a UID the viewer sees, encrypted first, and how many of them are encrypted.
 */
export async function listEncryptionCards<View>(
  db: Db,
  viewer: CardViewer,
  page: { page: number; limit: number },
  view: (row: CardRow) => View,
) {
  const q = cardQuery(db)
    .where(visibleCards(viewer))
    .where('c.status', '=', 'issued')
    .where('c.uid', 'is not', null);
  const cards = await listPage(
    q.clearSelect(),
    page,
    () => q.orderBy('c.encrypted', 'desc').orderBy('c.id', 'desc'),
    view,
  );
  const encrypted = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('c.encrypted', '=', true)
    .executeTakeFirstOrThrow();
  return { cards, encrypted: Number(encrypted.n) };
}

/** Records on every non-pending record of the card `uid` which sectors now carry diversified keys. */
export async function setCardKeySectors(
  db: Db,
  hotelId: number,
  uid: string,
  sectors: readonly number[],
  now: Date,
): Promise<void> {
  await db
    .updateTable('cards')
    .set({ encrypted: sectors.length > 0, key_sectors: [...sectors], updated_at: now })
    .where('hotel_id', '=', hotelId)
    .where('uid', '=', uid)
    .where('status', '<>', 'pending')
    .execute();
}
