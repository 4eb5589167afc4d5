import { enWords } from '@lockdesk/protocol/i18n/en';
import type { LanguageTexts } from '../../../i18n/plurals.ts';

/** English texts of the shared unlock-records table: the reference every other language matches key for key. */
const en = {
  columns: {
    room: 'Room',
    type: 'Unlock type',
    credential: 'Credential',
    from: 'Source',
    operator: 'Operator',
    guest: 'Guest',
  },
  types: {
    ...enWords.unlockTypes,
    bluetooth: 'Phone Bluetooth',
    remote: 'Remote unlock',
  },
  result: {
    ...enWords.unlockResults,
    all: 'Opened or refused',
  },
  reasons: {
    ...enWords.cardKinds,
    ...enWords.refusals,
    // The records name the floor card in their own words in some languages.
    floorCard: 'Floor card',
    corruptedCard: 'Unreadable card',
    externalCard: 'Card of another system',
    emptyCard: 'Blank card',
    tamperedCard: 'Altered card',
    copiedCard: 'Copied card',
    wrongHotel: 'Card of another hotel',
    wrongBuilding: 'Card of another building',
    wrongFloor: 'Card of another floor',
    wrongRoom: 'Card of another room',
    universalNotLearned: 'Universal card not yet learned by the lock',
    issuerNotAllowed: 'Issued by an account this lock does not accept',
    notYetValid: 'Not valid yet',
    deadbolt: 'Deadbolt thrown from inside',
    passwordExpired: 'Password expired or withdrawn',
    bluetooth: 'Bluetooth unlock from the phone',
  },
  filters: {
    room: 'Room',
    allRooms: 'All rooms',
    mobile: 'Guest mobile',
    mobilePlaceholder: 'Guest mobile number',
    stay: 'Stay #{{id}}',
    type: 'Unlock type',
    allTypes: 'All unlock types',
    from: 'From',
    to: 'To',
    keyword: 'Keyword',
    keywordPlaceholder: 'Search content, source, operator or guest',
    clear: 'Clear the filters',
  },
  table: {
    empty: 'No unlock records yet',
    emptyHint: 'A lock reports its records when it syncs over Bluetooth.',
    noMatch: 'No unlock records match these filters',
    loadFailed: 'The unlock records could not be loaded.',
    total: 'Records found: {{count}}',
  },
  export: {
    button: 'Export',
    preparing: 'Preparing the file…',
    started: 'The download of {{file}} has started',
    hint: 'The file holds every record that matches the filters, not only this page.',
  },
};

export type Texts = LanguageTexts<typeof en>;
export default en;
