import { ERROR_TEXTS, type ErrorTexts } from '../errors.js';
import type { SharedWords } from './words.js';

/** English is the catalogue's own wording: one source of truth, re-exported so every language sits in this folder. */
export const enErrors: ErrorTexts = ERROR_TEXTS;

/** Words the console and the server's exports both show, in English. */
export const enWords: SharedWords = {
  unlockTypes: {
    card: 'Card',
    password: 'Password',
    face: 'Face',
    fingerprint: 'Fingerprint',
  },
  unlockResults: {
    open: 'Opened',
    deny: 'Refused',
  },
  cardKinds: {
    masterCard: 'Master card',
    buildingCard: 'Building card',
    floorCard: 'Floor card',
    guestCard: 'Guest card',
    universalCard: 'Universal card',
    superCard: 'Super card',
  },
  refusals: {
    unsignedCard: 'Card without a valid signature',
    deleted: 'Deleted card',
    superseded: 'Replaced by a newer card',
    expired: 'Expired',
    passwordUnknown: 'Unknown password',
    faceUnknown: 'Unknown face',
    fingerUnknown: 'Unknown fingerprint',
  },
  stayStatus: {
    reserved: 'Reserved',
    cancelled: 'Cancelled',
  },
};
