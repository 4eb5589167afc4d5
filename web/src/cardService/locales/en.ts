import type { LanguageTexts } from '../../i18n/plurals.ts';

/** English texts of the card service: the reference every other language matches key for key. */
const en = {
  kinds: {
    '1': 'Local reader service',
    '2': 'Second reader',
    '3': 'Third reader',
    '4': 'Remote reader (broker)',
  },
  status: {
    label: 'Card reader',
    online: 'Online',
    offline: 'Offline',
    simulated: 'Simulated encoder',
    simulatedHint: 'The gateway drives a simulated encoder: no real card is written',
    refresh: 'Check the reader again',
  },
  select: {
    title: 'Card reader',
    hint: 'How this computer reaches the card encoder. Kept on this computer.',
    type: 'Reader type',
    default: 'deployment default',
    saved: 'Card reader set to {{name}}',
    deviceId: 'Remote reader address',
    deviceIdHint: 'The 12-character address of the remote reader, as bound to your account',
    noDevice: 'No remote reader is bound to your account yet',
    status: 'Status',
  },
  steps: {
    connect: 'Connect to the reader',
    findCard: 'Find the card',
    allocate: 'Prepare the card on the server',
    write: 'Write the card',
    verify: 'Read it back',
    confirm: 'Record the card',
    done: 'Done',
    blocks: '{{done}} of {{total}} blocks',
    cancelled: 'The write was cancelled; nothing was issued',
    failed: 'The card was not issued',
    putCard: 'Put the card on the encoder',
  },
  log: {
    title: 'Device log',
    empty: 'No device activity yet',
    clear: 'Clear the log',
    send: 'sent',
    receive: 'received',
    info: 'info',
    error: 'error',
  },
};

export type Texts = LanguageTexts<typeof en>;
export default en;
