import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Impronte digitali',
  libraryTitle: 'Archivio impronte',
  tabs: {
    library: 'Impronte',
    deliveries: 'Inviate alle serrature',
  },
  fields: {
    fingerId: 'ID impronta',
    note: 'Nota',
    room: 'Camera',
    status: 'Stato',
    createdAt: 'Registrata il',
    sentAt: 'Inviata il',
  },
  placeholders: {
    note: 'es. Li Wei, pollice destro',
    fingerId: 'Generato se lasciato vuoto',
    search: 'Cerca per ID impronta o nota',
    allRooms: 'Tutte le camere',
  },
  steps: {
    connect: "Collegare l'encoder",
    press: 'Appoggiare il dito',
    pressAgain: 'Appoggiare di nuovo',
    captured: 'Acquisita',
    saved: 'Salvata',
  },
  hints: {
    room: "Con una camera, l'impronta viene inviata alla serratura della camera per il soggiorno.",
    connecting: "Connessione all'encoder delle tessere…",
    press: "Appoggia il dito sull'encoder.",
    pressAgain: "Solleva il dito e appoggialo di nuovo sull'encoder.",
    captured: 'Impronta acquisita.',
    saving: "Salvataggio dell'impronta…",
    done: 'Impronta salvata (qualità {{quality}}).',
  },
  encoder: {
    simulated: 'Encoder SIMULATO',
    usb: 'Encoder USB collegato',
    unplugged: 'Encoder scollegato',
    offline:
      "Il gateway LockDesk non è in esecuzione su questo computer. Avvialo, collega l'encoder delle tessere e riprova.",
  },
  status: {
    pending: 'In attesa (fino alla sincronizzazione della serratura)',
    delivered: 'Sulla serratura',
    deleting: 'In rimozione',
    deleted: 'Rimossa',
  },
  actions: {
    enrol: "Registra un'impronta",
    start: 'Avvia la registrazione',
    again: 'Registra di nuovo',
    saveAgain: 'Salva di nuovo',
    send: 'Invia a una serratura',
    withdraw: 'Rimuovi dalla serratura',
  },
  send: {
    title: "Invia l'impronta {{fingerId}} a una serratura",
    hint: 'La serratura la riceve alla prossima sincronizzazione.',
    pickRoom: 'Seleziona una camera',
  },
  messages: {
    saved: 'Impronta {{fingerId}} salvata',
    deleted: 'Impronta eliminata',
    deleteConfirm:
      "Eliminare l'impronta {{fingerId}}? Le serrature la rimuovono alla prossima sincronizzazione.",
    sent: 'Inviata alla serratura della camera {{room}}; in attesa fino alla sincronizzazione della serratura',
    withdrawConfirm: "Rimuovere l'impronta {{fingerId}} dalla serratura della camera {{room}}?",
    withdrawn: "La serratura rimuove l'impronta alla prossima sincronizzazione",
  },
  list: {
    empty: 'Ancora nessuna impronta',
    emptyFiltered: 'Nulla corrisponde a questi filtri',
    deliveriesEmpty: 'Nessuna impronta è stata ancora inviata a una serratura',
    loadFailed: 'Impossibile caricare le impronte.',
    total: '{{count}} in tutto',
    noRoom: 'Solo archivio',
  },
};

export default it;
