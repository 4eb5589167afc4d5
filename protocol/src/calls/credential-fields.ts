/**
 * Body fields the face and fingerprint calls share (server/API.md §7.2, §7.3): the room and stay a credential is
 * for (neither: the hotel's library), and a credential list's room, stay, keyword and page.
 */
import { f, pageFields } from './schema.js';

/** The body fields naming a credential's room and stay. */
export const roomAndStay = {
  room_id: f.id({ optional: true }),
  stay_id: f.id({ optional: true }),
} as const;

/** The body of a credential list: room, stay, keyword and page. */
export const credentialListFields = {
  ...roomAndStay,
  keyword: f.string({ max: 50, optional: true }),
  ...pageFields,
} as const;
