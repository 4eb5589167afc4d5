import type { LanguageTexts } from '../../../i18n/plurals.ts';

/** English texts of the 'integrations' feature (third-party authorisation): the reference every other language matches. */
const en = {
  title: 'Third-party authorisation',
  intro:
    'API keys let a PMS, a kiosk or another system issue room cards through the card-service API, acting for this hotel as the administrator who created the key.',
  keys: {
    title: 'API keys',
    create: 'New API key',
    name: 'Name',
    namePlaceholder: 'e.g. Front desk PMS',
    nameRequired: 'Enter a name for the key',
    prefix: 'Key prefix',
    createdAt: 'Created',
    createdBy: 'Created by',
    lastUsed: 'Last used',
    never: 'Never',
    status: 'Status',
    active: 'Active',
    revoked: 'Revoked',
    all: 'All keys',
    revoke: 'Revoke',
    revokeConfirm: 'Revoke the key “{{name}}”? Systems using it stop working at once.',
    revokedDone: 'Key revoked',
    createOk: 'Create',
    empty: 'No API keys yet. Create one for each system that issues cards.',
    emptyFiltered: 'No keys match this filter.',
    clearFilters: 'Show all keys',
    loadFailed: 'The keys could not be loaded.',
    retry: 'Try again',
    total: 'Keys: {{count}}',
  },
  created: {
    title: 'Your new API key',
    warning:
      'Copy the key now and keep it somewhere safe. It is shown only this once and cannot be shown again.',
    copy: 'Copy key',
    copied: 'Copied',
    done: 'I have copied it',
  },
  howTo: {
    title: 'How to use',
    step1:
      'Sign in with the key: POST /auth/login answers a bearer token valid for 2 hours and the hotel id.',
    step2:
      'Send the token as “Authorization: Bearer <token>” to list rooms and to write, list and delete room cards.',
    step3:
      'A card is issued only after its read-back is confirmed: plan, write with the encoder, then confirm.',
    example: 'Example',
    reference: 'The full reference of every route:',
  },
  tryIt: {
    title: 'Try the card service',
    intro: 'Sign in with a key to see what an outside system sees.',
    key: 'API key',
    signIn: 'Sign in',
    signOut: 'Sign out',
    signedIn: 'Signed in with key {{prefix}} for hotel {{hotel}}',
    rooms: 'Rooms',
    records: 'Cards written through the API',
    search: 'Room name',
    room: 'Room',
    lock: 'Lock',
    noLock: 'No lock',
    guest: 'Guest',
    vacant: 'Vacant',
    card: 'Card number',
    period: 'Valid',
    status: 'Status',
    lockSync: 'Lock',
    delete: 'Delete card',
    deleteConfirm: 'Delete card {{card}}? The lock learns it at its next sync.',
    deleted: 'Card deleted',
    noRooms: 'No rooms.',
    noRecords: 'No card has been written through the API yet.',
    failed: 'The card service answered: {{message}}',
    keyRequired: 'Enter an API key',
  },
  recordStatus: {
    pending: 'Awaiting verification',
    issued: 'Issued',
    withdrawn: 'Withdrawn',
    deleted: 'Deleted',
    void: 'Never verified',
  },
  lockSync: {
    none: 'Up to date',
    pending: 'Waiting for sync',
    done: 'Synced',
  },
};

export type Texts = LanguageTexts<typeof en>;
export default en;
