import type { Texts } from './en.ts';

const de: Texts = {
  title: 'Drittanbieter-Autorisierung',
  intro:
    'Mit API-Schlüsseln können ein PMS, ein Kiosk oder ein anderes System über die Kartendienst-API Zimmerkarten ausstellen – für dieses Hotel, im Namen des Administrators, der den Schlüssel erstellt hat.',
  keys: {
    title: 'API-Schlüssel',
    create: 'Neuer API-Schlüssel',
    name: 'Bezeichnung',
    namePlaceholder: 'z. B. Rezeptions-PMS',
    nameRequired: 'Geben Sie einen Namen für den Schlüssel ein',
    prefix: 'Schlüsselpräfix',
    createdAt: 'Erstellt',
    createdBy: 'Erstellt von',
    lastUsed: 'Zuletzt verwendet',
    never: 'Nie',
    status: 'Zustand',
    active: 'Aktiv',
    revoked: 'Widerrufen',
    all: 'Alle Schlüssel',
    revoke: 'Widerrufen',
    revokeConfirm:
      'Den Schlüssel „{{name}}“ widerrufen? Systeme, die ihn verwenden, funktionieren sofort nicht mehr.',
    revokedDone: 'Schlüssel widerrufen',
    createOk: 'Erstellen',
    empty: 'Noch keine API-Schlüssel. Erstellen Sie einen für jedes System, das Karten ausstellt.',
    emptyFiltered: 'Kein Schlüssel entspricht diesem Filter.',
    clearFilters: 'Alle Schlüssel zeigen',
    loadFailed: 'Die Schlüssel konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    total: 'Schlüssel: {{count}}',
  },
  created: {
    title: 'Ihr neuer API-Schlüssel',
    warning:
      'Kopieren Sie den Schlüssel jetzt und bewahren Sie ihn sicher auf. Er wird nur dieses eine Mal angezeigt.',
    copy: 'Schlüssel kopieren',
    copied: 'Kopiert',
    done: 'Ich habe ihn kopiert',
  },
  howTo: {
    title: 'So wird er verwendet',
    step1:
      'Mit dem Schlüssel anmelden: POST /auth/login liefert ein 2 Stunden gültiges Bearer-Token und die Hotel-ID.',
    step2:
      'Senden Sie das Token als „Authorization: Bearer <Token>“, um Zimmer aufzulisten und Zimmerkarten zu schreiben, aufzulisten und zu löschen.',
    step3:
      'Eine Karte gilt erst als ausgestellt, wenn ihr Zurücklesen bestätigt ist: planen, mit dem Kodierer schreiben, dann bestätigen.',
    example: 'Beispiel',
    reference: 'Die vollständige Referenz aller Routen:',
  },
  tryIt: {
    title: 'Kartendienst ausprobieren',
    intro: 'Melden Sie sich mit einem Schlüssel an, um zu sehen, was ein externes System sieht.',
    key: 'API-Schlüssel',
    signIn: 'Anmelden',
    signOut: 'Abmelden',
    signedIn: 'Angemeldet mit Schlüssel {{prefix}} für Hotel {{hotel}}',
    rooms: 'Zimmer',
    records: 'Über die API geschriebene Karten',
    search: 'Zimmername',
    room: 'Zimmer',
    lock: 'Schloss',
    noLock: 'Kein Schloss',
    guest: 'Gast',
    vacant: 'Frei',
    card: 'Kartennummer',
    period: 'Gültig',
    status: 'Zustand',
    lockSync: 'Schloss',
    delete: 'Karte löschen',
    deleteConfirm: 'Karte {{card}} löschen? Das Schloss erfährt es beim nächsten Abgleich.',
    deleted: 'Karte gelöscht',
    noRooms: 'Keine Zimmer.',
    noRecords: 'Über die API wurde noch keine Karte geschrieben.',
    failed: 'Der Kartendienst antwortete: {{message}}',
    keyRequired: 'Geben Sie einen API-Schlüssel ein',
  },
  recordStatus: {
    pending: 'Wartet auf Prüfung',
    issued: 'Ausgestellt',
    withdrawn: 'Zurückgenommen',
    deleted: 'Gelöscht',
    void: 'Nie geprüft',
  },
  lockSync: {
    none: 'Aktuell',
    pending: 'Wartet auf Abgleich',
    done: 'Abgeglichen',
  },
};

export default de;
