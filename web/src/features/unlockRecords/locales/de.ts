import { deWords } from '@lockdesk/protocol/i18n/de';
import type { Texts } from './en.ts';

const de: Texts = {
  columns: {
    room: 'Zimmer',
    type: 'Öffnungsart',
    credential: 'Zugangsmittel',
    from: 'Herkunft',
    operator: 'Bediener',
    guest: 'Gast',
  },
  types: {
    ...deWords.unlockTypes,
    bluetooth: 'Handy-Bluetooth',
    remote: 'Fernöffnung',
  },
  result: {
    ...deWords.unlockResults,
    all: 'Geöffnet oder abgewiesen',
  },
  reasons: {
    ...deWords.cardKinds,
    ...deWords.refusals,
    floorCard: 'Etagenkarte',
    corruptedCard: 'Unlesbare Karte',
    externalCard: 'Karte eines anderen Systems',
    emptyCard: 'Leere Karte',
    tamperedCard: 'Veränderte Karte',
    copiedCard: 'Kopierte Karte',
    wrongHotel: 'Karte eines anderen Hotels',
    wrongBuilding: 'Karte eines anderen Gebäudes',
    wrongFloor: 'Karte einer anderen Etage',
    wrongRoom: 'Karte eines anderen Zimmers',
    universalNotLearned: 'Universalkarte, die das Schloss noch nicht gelernt hat',
    issuerNotAllowed: 'Von einem Konto ausgestellt, das dieses Schloss nicht annimmt',
    notYetValid: 'Noch nicht gültig',
    deadbolt: 'Von innen verriegelt',
    passwordExpired: 'Passwort abgelaufen oder zurückgezogen',
    bluetooth: 'Bluetooth-Öffnung per Handy',
  },
  filters: {
    room: 'Zimmer',
    allRooms: 'Alle Zimmer',
    mobile: 'Handynummer des Gastes',
    mobilePlaceholder: 'Handynummer des Gastes',
    stay: 'Aufenthalt #{{id}}',
    type: 'Öffnungsart',
    allTypes: 'Alle Öffnungsarten',
    from: 'Von',
    to: 'Bis',
    keyword: 'Suchbegriff',
    keywordPlaceholder: 'Inhalt, Herkunft, Bediener oder Gast suchen',
    clear: 'Filter zurücksetzen',
  },
  table: {
    empty: 'Noch keine Öffnungsprotokolle',
    emptyHint: 'Ein Schloss meldet seine Protokolle, wenn es per Bluetooth synchronisiert.',
    noMatch: 'Keine Öffnungsprotokolle passen zu diesen Filtern',
    loadFailed: 'Die Öffnungsprotokolle konnten nicht geladen werden.',
    total: 'Gefundene Einträge: {{count}}',
  },
  export: {
    button: 'Exportieren',
    preparing: 'Datei wird vorbereitet…',
    started: 'Der Download von {{file}} hat begonnen',
    hint: 'Die Datei enthält alle Einträge, die zu den Filtern passen, nicht nur diese Seite.',
  },
};

export default de;
