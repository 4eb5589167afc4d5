import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Prezzi',
  page: {
    title: 'Impostazione prezzi',
    roomsTab: 'Prezzi delle camere',
    templatesTab: 'Modelli di prezzo',
  },
  picker: {
    title: 'Camere da prezzare',
    search: 'Digita il nome di una camera per cercare; scegli una o più camere',
    noRooms: 'Nessuna camera trovata',
    group: 'Gruppo di camere',
    addGroup: 'Aggiungi le camere di questo gruppo',
    clear: 'Svuota la selezione',
    selected: '{{count}} camere su {{total}} selezionate',
    pickFirst: 'Scegli una camera (o più) per vedere e impostare i prezzi',
    loadFailed: 'Impossibile caricare le camere',
  },
  fields: {
    price: 'Prezzo abituale',
    weekendPrice: 'Prezzo del fine settimana',
    weekendHint: 'Notti di venerdì e sabato; vuoto o 0 usa il prezzo abituale',
    deposit: 'Cauzione',
    renew: 'Rinnovo al prezzo impostato',
    renewHint:
      'Attivo: le notti rinnovate costano i prezzi della camera; disattivo: la tariffa per notte del soggiorno',
    renewKeep: 'Lascia ogni camera com’è',
    renewOn: 'Rinnova al prezzo impostato',
    renewOff: 'Rinnova alla tariffa del soggiorno',
    datePrices: 'Prezzi di date specifiche',
    datePrice: 'Prezzo di questo giorno',
    templateName: 'Nome del modello',
  },
  calendar: {
    hint: 'Fai clic su un giorno per impostarne o cancellarne il prezzo. I giorni evidenziati hanno un prezzo proprio.',
    dayTitle: 'Prezzo del {{day}}',
    clear: 'Cancella il prezzo di questo giorno',
    set: 'Imposta il prezzo',
    unknownHint:
      'I prezzi di date attuali non sono mostrati qui; al salvataggio i giorni impostati li sostituiscono tutti.',
    replaceWarning:
      'Il salvataggio sostituisce i prezzi di date di ogni camera selezionata con questi giorni.',
    count: 'Giorni con prezzo proprio: {{count}}',
  },
  actions: {
    cancel: 'Annulla',
    save: 'Salva i prezzi',
    retry: 'Riprova',
    edit: 'Modifica',
    delete: 'Elimina',
  },
  room: {
    title: 'Prezzi della camera {{name}}',
    fromTemplate: 'Da un modello di prezzo',
    noPrice: 'Questa camera non ha ancora un prezzo: imposta il prezzo abituale.',
    saved: 'I prezzi della camera sono salvati',
    loadFailed: 'Impossibile caricare i prezzi della camera',
    noLock:
      'Questa camera non ha una serratura tra le tue camere, quindi i suoi prezzi non possono essere mostrati qui.',
  },
  quote: {
    title: 'Quanto costa un soggiorno',
    noPrice: 'Imposta un prezzo abituale per vedere quanto costa un soggiorno.',
    pickPeriod: 'Scegli un giorno di arrivo e un giorno di partenza successivo.',
    failed: 'Impossibile calcolare il prezzo di questo soggiorno',
    nights: 'Notti',
    roomFee: 'Costo della camera',
    total: 'Totale da pagare',
    noNights: 'Nessuna notte in questo periodo',
    date: 'Notte del',
    kind: 'Tariffa applicata',
    price: 'Prezzo della notte',
    kinds: {
      usual: 'Prezzo abituale',
      weekend: 'Prezzo del fine settimana',
      specific: 'Prezzo di data specifica',
      renewal: 'Tariffa di rinnovo',
    },
  },
  templates: {
    new: 'Nuovo modello di prezzo',
    edit: 'Modifica il modello di prezzo',
    hint: 'Un modello copia i suoi prezzi nelle camere a cui viene applicato.',
    empty: 'Ancora nessun modello di prezzo',
    loadFailed: 'Impossibile caricare i modelli di prezzo',
    rooms: 'Camere che lo usano',
    updated: 'Ultima modifica',
    actions: 'Azioni',
    apply: 'Applica alle camere',
    applyTitle: 'Applica «{{name}}» alle camere',
    applyConfirm: 'Applicare «{{name}}» a {{count}} camere?',
    applyWarning:
      'Cauzione e prezzi abituale, del fine settimana e di date vengono sostituiti da quelli del modello.',
    applied: 'Il modello ora prezza {{count}} camere',
    deleteConfirm: 'Eliminare il modello «{{name}}»? Le camere mantengono i loro prezzi.',
    deleted: 'Il modello è eliminato',
    saved: 'Il modello è salvato',
  },
  many: {
    title: 'Stessi prezzi per {{count}} camere',
    save: 'Salva i prezzi di {{count}} camere',
    saved: 'I prezzi di {{count}} camere sono salvati',
    tooMany:
      'Più di {{max}} camere: applica invece un modello di prezzo (un solo passo per qualsiasi numero di camere).',
    templateTitle: 'Applica un modello di prezzo alle camere selezionate',
    pickTemplate: 'Scegli un modello',
    templateHint: 'Il modo più rapido per molte camere',
  },
};

export default it;
