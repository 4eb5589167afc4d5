import type { Texts } from './en.ts';

const it: Texts = {
  kinds: {
    '1': 'Servizio lettore locale',
    '2': 'Secondo lettore',
    '3': 'Terzo lettore',
    '4': 'Lettore remoto (broker)',
  },
  status: {
    label: 'Lettore di tessere',
    online: 'Collegato',
    offline: 'Scollegato',
    simulated: 'Encoder simulato',
    simulatedHint: 'Il gateway usa un encoder simulato: nessuna tessera reale viene scritta',
    refresh: 'Controlla di nuovo il lettore',
  },
  select: {
    title: 'Lettore di tessere',
    hint: 'Come questo computer raggiunge l’encoder delle tessere. Salvato solo su questo computer.',
    type: 'Tipo di lettore',
    default: 'predefinito dell’installazione',
    saved: 'Lettore di tessere impostato su {{name}}',
    deviceId: 'Indirizzo del lettore remoto',
    deviceIdHint: 'L’indirizzo di 12 caratteri del lettore remoto associato al tuo account',
    noDevice: 'Al tuo account non è ancora associato alcun lettore remoto',
    status: 'Stato',
  },
  steps: {
    connect: 'Collegamento al lettore',
    findCard: 'Ricerca della tessera',
    allocate: 'Preparazione della tessera sul server',
    write: 'Scrittura della tessera',
    verify: 'Rilettura di controllo',
    confirm: 'Registrazione della tessera',
    done: 'Fatto',
    blocks: 'Blocco {{done}} di {{total}}',
    cancelled: 'La scrittura è stata annullata; nessuna tessera è stata emessa',
    failed: 'La tessera non è stata emessa',
    putCard: 'Appoggia la tessera sull’encoder',
  },
  log: {
    title: 'Registro del dispositivo',
    empty: 'Ancora nessuna attività del dispositivo',
    clear: 'Svuota il registro',
    send: 'inviato',
    receive: 'ricevuto',
    info: 'nota',
    error: 'errore',
  },
};

export default it;
