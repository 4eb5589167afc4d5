import type { LanguageTexts } from '../../../i18n/plurals.ts';

/** English texts of the 'customers' feature: the reference every other language matches. */
const en = {
  remove: 'Remove',
  loadFailed: 'The customer information could not be loaded.',
  total: 'Total: {{count}}',
  service: {
    expiresAt: 'Service expires',
    unlimited: 'No end date',
    expired: 'Expired',
    daysLeft: 'Days left: {{count}}',
  },
  manager: {
    title: 'Customer manager',
    hint: 'Your customer manager is the contact shown to your accounts when the service period ends or is about to.',
    current: 'Current customer manager',
    none: 'No customer manager set',
    mobile: 'Customer manager mobile',
    set: 'Set',
    change: 'Change',
    saved: 'Customer manager saved',
    removeConfirm: 'Remove the customer manager? Expiry messages will then name no contact.',
    removed: 'Customer manager removed',
  },
  clients: {
    title: 'My clients',
    search: 'Hotel, mobile or name',
    searchPlaceholder: 'Search by hotel, mobile or name',
    state: 'Service',
    allStates: 'All service states',
    states: {
      expired: 'Expired',
      expiring: 'Expiring soon',
      active: 'Active',
    },
    hotel: 'Hotel',
    unnamed: 'Unnamed hotel',
    admin: 'Super administrator',
    empty: 'You have no clients yet.',
    emptyFiltered: 'No clients match these filters.',
    removeConfirm: 'Stop looking after {{hotel}}?',
    removed: 'Client removed',
  },
};

export type Texts = LanguageTexts<typeof en>;
export default en;
