import type { LanguageTexts } from '../../../i18n/plurals.ts';

/** English texts of the 'operationLog' feature: the reference every other language matches. */
const en = {
  title: 'Operation log',
  loadFailed: 'The operation log could not be loaded.',
  empty: 'No operations recorded yet.',
  emptyFiltered: 'No operations match these filters.',
  clearFilters: 'Clear filters',
  total: 'Total: {{count}}',
  unknownAccount: 'Deleted account',
  otherRooms: '+{{count}} other rooms',
  filters: {
    person: 'Person',
    allPeople: 'All people',
    area: 'Area',
    allAreas: 'All areas',
    room: 'Room',
    allRooms: 'All rooms',
    dates: 'Dates',
    from: 'From',
    to: 'To',
    allResults: 'Succeeded or refused',
  },
  columns: {
    who: 'Who',
    what: 'What',
    rooms: 'Rooms',
    ip: 'IP address',
  },
  results: {
    ok: 'Succeeded',
    refused: 'Refused',
  },
  areas: {
    account: 'Sign-in and account',
    hotel: 'Hotel information',
    rooms: 'Rooms',
    stays: 'Stays and guests',
    prices: 'Prices',
    cards: 'Cards',
    passwords: 'Passwords',
    faces: 'Faces',
    fingerprints: 'Fingerprints',
    records: 'Unlock records',
    equipment: 'Equipment',
    messages: 'Messages',
    staff: 'Staff and administrators',
    customers: 'Customers',
    orders: 'Orders and bills',
    apiKeys: 'API keys',
    exports: 'Exports',
    log: 'Operation log',
    other: 'Other',
  },
};

export type Texts = LanguageTexts<typeof en>;
export default en;
