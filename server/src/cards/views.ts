/** The key cards as the card calls answer them (API.md §8 'A card'). */
import { CARD_TYPE, type CardTypeCode, type CardTypeName, type KeyCard } from '@lockdesk/protocol';
import { epochSeconds } from '../fields.js';
import { type CardRow, lockSyncOf } from './repository/key-cards.js';

const TYPE_NAMES = Object.fromEntries(
  Object.entries(CARD_TYPE).map(([name, code]) => [code, name]),
) as Record<number, CardTypeName>;

/** The card type's name (master, building, floor, normal, universal, super). */
export const cardTypeName = (type: number): CardTypeName | '' => TYPE_NAMES[type] ?? '';

/** A card as every card call answers it. */
export function cardView(row: CardRow): KeyCard {
  return {
    id: row.id,
    card_id: row.card_number,
    type: row.type as CardTypeCode,
    type_name: cardTypeName(row.type),
    note: row.note,
    status: row.status,
    room_id: row.room_id,
    room_name: row.room_name,
    stay_id: row.stay_id,
    building: row.building,
    floor: row.floor,
    mac_id: row.mac_id,
    // Every card is planned with its validity (planCard): the columns are null only in the schema.
    start_time: epochSeconds(row.start_time) as number,
    end_time: epochSeconds(row.end_time) as number,
    uid: row.uid,
    encrypted: row.encrypted,
    unsubscribe_old: row.unsubscribe_old,
    access_controls: row.access_controls ?? [],
    room_ids: row.room_ids ?? [],
    issuer_role: row.issuer_role,
    issued_by_name: row.issuer_nickname || row.issuer_name || row.issuer_mobile || '',
    issued_at: epochSeconds(row.issued_at),
    superseded: row.superseded_by !== null,
    replaces_id: row.replaces_id,
    lock_sync: lockSyncOf(row),
  };
}
