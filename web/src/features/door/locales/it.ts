import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Porta',
  panel: {
    title: 'Serratura e consegne',
    lastSync: 'Ultima sincronizzazione',
    never: 'Mai sincronizzata',
    waiting: 'Modifiche in attesa',
    waitingHint: 'Ciò che la serratura impara al prossimo sblocco via Bluetooth',
    noLock:
      'Questa camera non ha una serratura (nessun indirizzo MAC): a nessuna porta viene consegnato nulla.',
    noSecret: 'La serratura non ha ancora un segreto, quindi non può sincronizzarsi con LockDesk.',
    loadFailed: 'Impossibile caricare le consegne della serratura.',
    deliveries: 'Consegne',
    syncs: 'Ultime sincronizzazioni',
    noDeliveries: 'La serratura non ha nulla da imparare.',
    noSyncs: 'La serratura non si è ancora sincronizzata.',
  },
  columns: {
    item: 'Voce',
    kind: 'Tipo',
    state: 'Stato',
    changed: 'Modificato',
    confirmed: 'Confermato',
    started: 'Inizio',
    finished: 'Fine',
    operator: 'Operatore',
    records: 'Registrazioni',
  },
  kinds: {
    card_delete: 'Tessera da rifiutare',
    universal_card: 'Tessera universale',
    sequence: 'Sequenza delle tessere',
    card: 'Tessera ospite',
    password: 'Password numerica',
    face: 'Volto',
    fingerprint: 'Impronta digitale',
  },
  cardTypes: {
    master: 'Tessera master',
    building: 'Tessera edificio',
    floor: 'Tessera piano',
    normal: 'Tessera ospite',
    universal: 'Tessera universale',
    super: 'Supertessera',
  },
  items: {
    card_delete: 'Tessera {{subject}}',
    universal_card: 'Tessera {{subject}}',
    card: 'Tessera ospite {{subject}}',
    sequence: '{{type}}, sequenza {{sequence}}',
    sequenceOfCard: '{{type}}, sequenza {{sequence}}, tessera {{subject}}',
    password: 'Password numerica n. {{subject}}',
    face: 'Volto {{subject}}',
    fingerprint: 'Impronta digitale {{subject}}',
    withGuest: '{{item}} (ospite: {{guest}})',
  },
  actions: {
    add: 'Imparare',
    remove: 'Dimenticare',
  },
  states: {
    issued: 'Emessa',
    waiting: 'In attesa della prossima sincronizzazione della serratura',
    confirmed: 'Confermato dalla serratura',
  },
  stateHints: {
    issued: 'È sulla tessera stessa: la serratura non ha nulla da imparare.',
    waiting:
      'La serratura lo impara al prossimo sblocco via Bluetooth; fino ad allora la porta funziona ancora come prima.',
    confirmed: 'La serratura lo ha confermato durante una sincronizzazione.',
  },
  syncs: {
    unfinished: 'Interrotta',
    records: '{{stored}} salvate, {{duplicates}} già note',
  },
  bluetooth: {
    button: 'Sblocco via Bluetooth',
    hint: 'Sostituisce l’app del telefono accanto alla porta: la serratura si sincronizza con LockDesk e carica le sue registrazioni di apertura.',
    done: 'Sblocco via Bluetooth completato',
    learned:
      'La serratura ha imparato: {{deleted}} tessere da rifiutare, {{universal}} tessere universali, {{passwords}} password, {{faces}} volti, {{fingerprints}} impronte.',
    uploaded: 'Registrazioni di apertura caricate: {{uploaded}} (già note: {{duplicates}}).',
    failed: 'Lo sblocco via Bluetooth non è riuscito',
    phoneApp:
      'Su questo PC non è attiva alcuna serratura virtuale: lo sblocco via Bluetooth si fa con l’app del telefono accanto alla porta, che sincronizza la serratura e carica le sue registrazioni di apertura.',
  },
  virtual: {
    title: 'Serratura virtuale — SIMULATA',
    simulated: 'SIMULATA',
    installed: 'Installata nel simulatore',
    buffered: 'Registrazioni nella serratura: {{buffered}}',
    notInstalled: 'La serratura virtuale di questa camera non è installata nel simulatore.',
    install: 'Installa la serratura virtuale',
    installHint:
      'La serratura riceve un nuovo segreto (il vecchio smette di funzionare) e viene installata nel simulatore.',
    installDone: 'Serratura virtuale installata',
    installFailed: 'Impossibile installare la serratura virtuale',
    adminsOnly: 'Solo un amministratore può installare la serratura.',
  },
  errors: {
    unreachable: 'Il simulatore del gateway non risponde su questo PC ({{address}}).',
    notInstalled: 'Questa serratura non è installata nel simulatore.',
    noLocks: 'Questo gateway non ha serrature virtuali: aggiorna il gateway.',
    refused: 'Il simulatore ha rifiutato: {{detail}}',
  },
  roomMark: {
    waiting: 'In attesa: {{count}}',
    waitingHint: 'Modifiche in attesa della prossima sincronizzazione della serratura: {{count}}',
    lastSync: 'Ultima sincronizzazione della serratura: {{time}}',
    neverSynced: 'La serratura non si è ancora sincronizzata',
  },
  card: {
    show: 'Per serratura',
    title: 'Consegna per serratura',
    empty: 'Nessuna serratura deve imparare qualcosa su questa tessera.',
    loadFailed: 'Impossibile caricare le consegne della tessera.',
    delete: 'Rifiutare la tessera',
    learn: 'Imparare la tessera',
    lastSync: 'Serratura sincronizzata {{time}}',
    neverSynced: 'Serratura mai sincronizzata',
    synced: 'Imparata dalle serrature',
  },
};

export default it;
