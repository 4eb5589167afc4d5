/** English texts of the 'fingerprints' feature: the reference every other language matches key for key. */
const en = {
  feature: 'Fingerprints',
  libraryTitle: 'Fingerprint library',
  tabs: {
    library: 'Fingerprints',
    deliveries: 'Sent to locks',
  },
  fields: {
    fingerId: 'Fingerprint ID',
    note: 'Note',
    room: 'Room',
    status: 'Status',
    createdAt: 'Enrolled',
    sentAt: 'Sent',
  },
  placeholders: {
    note: 'e.g. Li Wei, right thumb',
    fingerId: 'Generated when left empty',
    search: 'Search by fingerprint ID or note',
    allRooms: 'All rooms',
  },
  steps: {
    connect: 'Connect the encoder',
    press: 'Press the finger',
    pressAgain: 'Press again',
    captured: 'Captured',
    saved: 'Saved',
  },
  hints: {
    room: "With a room, the fingerprint is sent to the room's lock for the stay.",
    connecting: 'Connecting to the card encoder…',
    press: 'Place the finger on the encoder.',
    pressAgain: 'Lift the finger and place it on the encoder again.',
    captured: 'Fingerprint captured.',
    saving: 'Saving the fingerprint…',
    done: 'Fingerprint saved (quality {{quality}}).',
  },
  encoder: {
    simulated: 'SIMULATED encoder',
    usb: 'USB encoder connected',
    unplugged: 'Encoder unplugged',
    offline:
      'The LockDesk gateway is not running on this computer. Start it, connect the card encoder and try again.',
  },
  status: {
    pending: 'Pending (until the lock syncs)',
    delivered: 'On the lock',
    deleting: 'Being removed',
    deleted: 'Removed',
  },
  actions: {
    enrol: 'Enrol a fingerprint',
    start: 'Start enrolment',
    again: 'Enrol again',
    saveAgain: 'Save again',
    send: 'Send to a lock',
    withdraw: 'Remove from lock',
  },
  send: {
    title: 'Send fingerprint {{fingerId}} to a lock',
    hint: 'The lock receives it at its next sync.',
    pickRoom: 'Please select a room',
  },
  messages: {
    saved: 'Fingerprint {{fingerId}} saved',
    deleted: 'Fingerprint deleted',
    deleteConfirm: 'Delete fingerprint {{fingerId}}? Locks drop it at their next sync.',
    sent: 'Sent to the lock of room {{room}}; pending until the lock syncs',
    withdrawConfirm: 'Remove fingerprint {{fingerId}} from the lock of room {{room}}?',
    withdrawn: 'The lock drops the fingerprint at its next sync',
  },
  list: {
    empty: 'No fingerprints yet',
    emptyFiltered: 'Nothing matches these filters',
    deliveriesEmpty: 'No fingerprint has been sent to a lock yet',
    loadFailed: 'The fingerprints could not be loaded.',
    total: '{{count}} in all',
    noRoom: 'Library only',
  },
};

export type Texts = typeof en;
export default en;
