import type { Texts } from './en.ts';

const de: Texts = {
  title: 'Nachrichten',
  kind: {
    all: 'Alle Arten',
    low_battery: 'Batterie schwach',
    service_expiring: 'Dienst läuft ab',
    lock_not_synced: 'Schloss nicht synchronisiert',
    card_write_failed: 'Karte nicht geschrieben',
    notice: 'Hinweis',
  },
  text: {
    low_battery: 'Zimmer {{room}}: Schlossbatterie {{battery}} %. Bitte die Batterien bald wechseln.',
    service_expiring:
      'Tage bis zum Ablauf des Dienstes: {{days}} ({{date}}). Wenden Sie sich zur Verlängerung an Ihren Kundenbetreuer {{mobile}}.',
    service_expiring_no_manager: 'Tage bis zum Ablauf des Dienstes: {{days}} ({{date}}).',
    lock_not_synced:
      'Zimmer {{room}}: Das Schloss wurde seit {{days}} Tagen nicht synchronisiert. Öffnen Sie es einmal per Bluetooth, damit es die neuesten Karten und Passwörter erhält.',
    lock_never_synced:
      'Zimmer {{room}}: Das Schloss wurde seit der Installation nie synchronisiert ({{days}} Tage). Öffnen Sie es einmal per Bluetooth.',
    card_write_failed:
      'Karte {{card}} (Zimmer {{room}}): Das Schreiben wurde nicht bestätigt. Schreiben Sie die Karte erneut.',
    card_write_failed_hotel:
      'Karte {{card}}: Das Schreiben wurde nicht bestätigt. Schreiben Sie die Karte erneut.',
  },
  filter: {
    kind: 'Art',
    order: 'Reihenfolge',
    unreadFirst: 'Ungelesene zuerst',
    newest: 'Neueste zuerst',
    unreadOnly: 'Nur ungelesene',
  },
  column: {
    message: 'Nachricht',
    kind: 'Art',
    status: 'Zustand',
  },
  status: {
    unread: 'Ungelesen',
    read: 'Gelesen',
    resolved: 'Erledigt',
  },
  action: {
    openRoom: 'Zimmer anzeigen',
    markRead: 'Als gelesen markieren',
    markAllRead: 'Alle als gelesen markieren',
    deleteSelected: 'Auswahl löschen ({{count}})',
    deleteConfirm: 'Diese Nachricht löschen?',
    deleteSelectedConfirm: 'Die ausgewählten Nachrichten ({{count}}) löschen?',
    deleted: 'Gelöscht',
    allRead: 'Alle Nachrichten als gelesen markiert',
  },
  list: {
    unread: 'Ungelesen: {{count}}',
    total: 'Nachrichten: {{count}}',
    empty:
      'Keine Nachrichten. Schwache Batterien, lange nicht synchronisierte Schlösser, fehlgeschlagene Kartenschreibvorgänge und das Ende des Dienstzeitraums erscheinen hier.',
    emptyFiltered: 'Keine Nachricht entspricht diesen Filtern.',
    clearFilters: 'Filter zurücksetzen',
    loadFailed: 'Die Nachrichten konnten nicht geladen werden.',
  },
};

export default de;
