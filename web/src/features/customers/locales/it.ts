import type { Texts } from './en.ts';

const it: Texts = {
  remove: 'Rimuovi',
  loadFailed: 'Impossibile caricare le informazioni sui clienti.',
  total: 'Totale: {{count}}',
  service: {
    expiresAt: 'Scadenza del servizio',
    unlimited: 'Senza scadenza',
    expired: 'Scaduto',
    daysLeft: 'Giorni rimanenti: {{count}}',
  },
  manager: {
    title: 'Responsabile clienti',
    hint: 'Il responsabile clienti è il contatto mostrato ai tuoi account quando il periodo di servizio termina o sta per terminare.',
    current: 'Responsabile clienti attuale',
    none: 'Nessun responsabile clienti impostato',
    mobile: 'Cellulare del responsabile clienti',
    set: 'Imposta',
    change: 'Cambia',
    saved: 'Responsabile clienti salvato',
    removeConfirm:
      'Rimuovere il responsabile clienti? Gli avvisi di scadenza non indicheranno più un contatto.',
    removed: 'Responsabile clienti rimosso',
  },
  clients: {
    title: 'I miei clienti',
    search: 'Hotel, cellulare o nome',
    searchPlaceholder: 'Cerca per hotel, cellulare o nome',
    state: 'Servizio',
    allStates: 'Tutti gli stati',
    states: {
      expired: 'Scaduto',
      expiring: 'In scadenza',
      active: 'Attivo',
    },
    hotel: 'Nome dell’hotel',
    unnamed: 'Hotel senza nome',
    admin: 'Amministratore principale',
    empty: 'Non hai ancora clienti.',
    emptyFiltered: 'Nessun cliente corrisponde a questi filtri.',
    removeConfirm: 'Smettere di seguire {{hotel}}?',
    removed: 'Cliente rimosso',
  },
};

export default it;
