import type { Texts } from './en.ts';

const it: Texts = {
  title: 'Messaggi',
  kind: {
    all: 'Tutti i tipi',
    low_battery: 'Batteria scarica',
    service_expiring: 'Servizio in scadenza',
    lock_not_synced: 'Serratura non sincronizzata',
    card_write_failed: 'Scrittura tessera non riuscita',
    notice: 'Avviso',
  },
  text: {
    low_battery: 'Camera {{room}}: batteria della serratura al {{battery}} %. Sostituire presto le pile.',
    service_expiring:
      'Giorni alla scadenza del servizio: {{days}} ({{date}}). Per rinnovarlo contatti il suo responsabile clienti {{mobile}}.',
    service_expiring_no_manager: 'Giorni alla scadenza del servizio: {{days}} ({{date}}).',
    lock_not_synced:
      'Camera {{room}}: la serratura non si sincronizza da {{days}} giorni. Aprirla una volta via Bluetooth perché riceva le tessere e le password più recenti.',
    lock_never_synced:
      'Camera {{room}}: la serratura non si è mai sincronizzata dall’installazione ({{days}} giorni). Aprirla una volta via Bluetooth.',
    card_write_failed:
      'Tessera {{card}} (camera {{room}}): la scrittura non è stata verificata. Scrivere di nuovo la tessera.',
    card_write_failed_hotel:
      'Tessera {{card}}: la scrittura non è stata verificata. Scrivere di nuovo la tessera.',
  },
  filter: {
    kind: 'Tipo',
    order: 'Ordine',
    unreadFirst: 'Prima i non letti',
    newest: 'Prima i più recenti',
    unreadOnly: 'Solo non letti',
  },
  column: {
    message: 'Messaggio',
    kind: 'Tipo',
    status: 'Stato',
  },
  status: {
    unread: 'Non letto',
    read: 'Letto',
    resolved: 'Risolto',
  },
  action: {
    openRoom: 'Vedi camera',
    markRead: 'Segna come letto',
    markAllRead: 'Segna tutti come letti',
    deleteSelected: 'Elimina selezionati ({{count}})',
    deleteConfirm: 'Eliminare questo messaggio?',
    deleteSelectedConfirm: 'Eliminare i messaggi selezionati ({{count}})?',
    deleted: 'Eliminato',
    allRead: 'Tutti i messaggi segnati come letti',
  },
  list: {
    unread: 'Non letti: {{count}}',
    total: 'Messaggi: {{count}}',
    empty:
      'Nessun messaggio. Qui compaiono batterie scariche, serrature non sincronizzate da tempo, tessere scritte male e la fine del periodo di servizio.',
    emptyFiltered: 'Nessun messaggio corrisponde a questi filtri.',
    clearFilters: 'Cancella filtri',
    loadFailed: 'Impossibile caricare i messaggi.',
  },
};

export default it;
