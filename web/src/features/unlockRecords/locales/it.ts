import { itWords } from '@lockdesk/protocol/i18n/it';
import type { Texts } from './en.ts';

const it: Texts = {
  columns: {
    room: 'Camera',
    type: 'Tipo di apertura',
    credential: 'Credenziale',
    from: 'Origine',
    operator: 'Operatore',
    guest: 'Ospite',
  },
  types: {
    ...itWords.unlockTypes,
    bluetooth: 'Bluetooth del telefono',
    remote: 'Apertura da remoto',
  },
  result: {
    ...itWords.unlockResults,
    all: 'Aperta o rifiutata',
  },
  reasons: {
    ...itWords.cardKinds,
    ...itWords.refusals,
    floorCard: 'Tessera piano',
    corruptedCard: 'Tessera illeggibile',
    externalCard: 'Tessera di un altro sistema',
    emptyCard: 'Tessera vuota',
    tamperedCard: 'Tessera alterata',
    copiedCard: 'Tessera copiata',
    wrongHotel: 'Tessera di un altro hotel',
    wrongBuilding: 'Tessera di un altro edificio',
    wrongFloor: 'Tessera di un altro piano',
    wrongRoom: 'Tessera di un’altra camera',
    universalNotLearned: 'Tessera universale non ancora appresa dalla serratura',
    issuerNotAllowed: 'Emessa da un account che questa serratura non accetta',
    notYetValid: 'Non ancora valida',
    deadbolt: 'Chiavistello chiuso dall’interno',
    passwordExpired: 'Password scaduta o ritirata',
    bluetooth: 'Apertura Bluetooth dal telefono',
  },
  filters: {
    room: 'Camera',
    allRooms: 'Tutte le camere',
    mobile: 'Cellulare dell’ospite',
    mobilePlaceholder: 'Numero di cellulare dell’ospite',
    stay: 'Soggiorno n. {{id}}',
    type: 'Tipo di apertura',
    allTypes: 'Tutti i tipi di apertura',
    from: 'Dal',
    to: 'Al',
    keyword: 'Parola chiave',
    keywordPlaceholder: 'Cerca contenuto, origine, operatore o ospite',
    clear: 'Azzera i filtri',
  },
  table: {
    empty: 'Ancora nessuna registrazione di apertura',
    emptyHint: 'Una serratura invia le sue registrazioni quando si sincronizza via Bluetooth.',
    noMatch: 'Nessuna registrazione di apertura corrisponde a questi filtri',
    loadFailed: 'Impossibile caricare le registrazioni di apertura.',
    total: 'Registrazioni trovate: {{count}}',
  },
  export: {
    button: 'Esporta',
    preparing: 'Preparazione del file…',
    started: 'Il download di {{file}} è iniziato',
    hint: 'Il file contiene tutte le registrazioni che corrispondono ai filtri, non solo questa pagina.',
  },
};

export default it;
