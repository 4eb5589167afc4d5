import type { LanguageTexts } from '../../../i18n/plurals.ts';

/** English texts of the 'door' feature (a room's lock, what it must learn, the Bluetooth unlock): the reference. */
const en = {
  feature: 'Door',
  panel: {
    title: 'Lock and deliveries',
    lastSync: 'Last sync',
    never: 'Never synced',
    waiting: 'Changes waiting',
    waitingHint: 'What the lock learns at its next Bluetooth unlock',
    noLock: 'This room has no lock (no MAC address): nothing is delivered to a door.',
    noSecret: 'The lock has no secret yet, so it cannot sync with LockDesk.',
    loadFailed: 'The lock’s deliveries could not be loaded.',
    deliveries: 'Deliveries',
    syncs: 'Last syncs',
    noDeliveries: 'Nothing for this lock to learn.',
    noSyncs: 'The lock has not synced yet.',
  },
  columns: {
    item: 'Item',
    kind: 'Kind',
    state: 'State',
    changed: 'Changed',
    confirmed: 'Confirmed',
    started: 'Started',
    finished: 'Finished',
    operator: 'Operator',
    records: 'Records',
  },
  kinds: {
    card_delete: 'Card to refuse',
    universal_card: 'Universal card',
    sequence: 'Card sequence',
    card: 'Guest card',
    password: 'Password',
    face: 'Face',
    fingerprint: 'Fingerprint',
  },
  /** Card type names (protocol CardTypeName), as the card pages write them. */
  cardTypes: {
    master: 'Master card',
    building: 'Building card',
    floor: 'Floor card',
    normal: 'Guest card',
    universal: 'Universal card',
    super: 'Super card',
  },
  /** A delivery's item, written from its subject (card number, password id, face or finger id and note). */
  items: {
    card_delete: 'Card {{subject}}',
    universal_card: 'Card {{subject}}',
    card: 'Guest card {{subject}}',
    sequence: '{{type}}, sequence {{sequence}}',
    sequenceOfCard: '{{type}}, sequence {{sequence}}, card {{subject}}',
    password: 'Password #{{subject}}',
    face: 'Face {{subject}}',
    fingerprint: 'Fingerprint {{subject}}',
    withGuest: '{{item}} (guest: {{guest}})',
  },
  actions: {
    add: 'Learn',
    remove: 'Forget',
  },
  states: {
    issued: 'Issued',
    waiting: 'Waiting for the lock’s next sync',
    confirmed: 'Confirmed by the lock',
  },
  stateHints: {
    issued: 'It is on the card itself: the lock has nothing to learn.',
    waiting: 'The lock learns it at its next Bluetooth unlock; until then the door still works the old way.',
    confirmed: 'The lock confirmed it at a sync.',
  },
  syncs: {
    unfinished: 'Interrupted',
    records: '{{stored}} stored, {{duplicates}} already known',
  },
  bluetooth: {
    button: 'Bluetooth unlock',
    hint: 'The stand-in for the phone app beside the door: the lock syncs with LockDesk and uploads its unlock records.',
    done: 'Bluetooth unlock done',
    learned:
      'The lock learned: {{deleted}} cards to refuse, {{universal}} universal cards, {{passwords}} passwords, {{faces}} faces, {{fingerprints}} fingerprints.',
    uploaded: 'Unlock records uploaded: {{uploaded}} (already known: {{duplicates}}).',
    failed: 'The Bluetooth unlock failed',
    phoneApp:
      'No virtual lock runs on this PC: the Bluetooth unlock is done with the phone app beside the door, which syncs the lock and brings up its unlock records.',
  },
  virtual: {
    title: 'Virtual lock — SIMULATED',
    simulated: 'SIMULATED',
    installed: 'Installed in the simulator',
    buffered: 'Records waiting in the lock: {{buffered}}',
    notInstalled: 'This room’s virtual lock is not installed in the simulator.',
    install: 'Install virtual lock',
    installHint: 'The lock gets a new secret (the old one stops working) and is installed in the simulator.',
    installDone: 'Virtual lock installed',
    installFailed: 'The virtual lock could not be installed',
    adminsOnly: 'Only an administrator can install the lock.',
  },
  errors: {
    unreachable: 'The gateway’s simulator does not answer on this PC ({{address}}).',
    notInstalled: 'This lock is not installed in the simulator.',
    noLocks: 'This gateway has no virtual locks: update the gateway.',
    refused: 'The simulator refused: {{detail}}',
  },
  roomMark: {
    waiting: 'Waiting: {{count}}',
    waitingHint: 'Changes waiting for the lock’s next sync: {{count}}',
    lastSync: 'Last lock sync: {{time}}',
    neverSynced: 'The lock has not synced yet',
  },
  card: {
    show: 'Per lock',
    title: 'Delivery per lock',
    empty: 'No lock has to learn anything about this card.',
    loadFailed: 'The card’s delivery states could not be loaded.',
    delete: 'Refuse the card',
    learn: 'Learn the card',
    lastSync: 'Lock synced {{time}}',
    neverSynced: 'Lock never synced',
    synced: 'Learned by its locks',
  },
};

export type Texts = LanguageTexts<typeof en>;
export default en;
