import type { Texts } from './en.ts';

const de: Texts = {
  remove: 'Entfernen',
  loadFailed: 'Die Kundendaten konnten nicht geladen werden.',
  total: 'Gesamt: {{count}}',
  service: {
    expiresAt: 'Service endet am',
    unlimited: 'Unbefristet',
    expired: 'Abgelaufen',
    daysLeft: 'Verbleibende Tage: {{count}}',
  },
  manager: {
    title: 'Kundenbetreuer',
    hint: 'Ihr Kundenbetreuer ist der Kontakt, der Ihren Konten angezeigt wird, wenn der Servicezeitraum endet oder bald endet.',
    current: 'Aktueller Kundenbetreuer',
    none: 'Kein Kundenbetreuer festgelegt',
    mobile: 'Mobilnummer des Kundenbetreuers',
    set: 'Festlegen',
    change: 'Ändern',
    saved: 'Kundenbetreuer gespeichert',
    removeConfirm: 'Kundenbetreuer entfernen? Ablaufhinweise nennen dann keinen Kontakt mehr.',
    removed: 'Kundenbetreuer entfernt',
  },
  clients: {
    title: 'Meine Kunden',
    search: 'Hotel, Mobilnummer oder Name',
    searchPlaceholder: 'Nach Hotel, Mobilnummer oder Name suchen',
    state: 'Servicestatus',
    allStates: 'Alle Servicezustände',
    states: {
      expired: 'Abgelaufen',
      expiring: 'Läuft bald ab',
      active: 'Aktiv',
    },
    hotel: 'Hotelname',
    unnamed: 'Unbenanntes Hotel',
    admin: 'Hauptadministrator',
    empty: 'Sie haben noch keine Kunden.',
    emptyFiltered: 'Keine Kunden entsprechen diesen Filtern.',
    removeConfirm: '{{hotel}} nicht mehr betreuen?',
    removed: 'Kunde entfernt',
  },
};

export default de;
