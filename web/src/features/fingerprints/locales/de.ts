import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Fingerabdrücke',
  libraryTitle: 'Fingerabdruckbibliothek',
  tabs: {
    library: 'Fingerabdrücke',
    deliveries: 'An Schlösser gesendet',
  },
  fields: {
    fingerId: 'Fingerabdruck-ID',
    note: 'Notiz',
    room: 'Zimmer',
    status: 'Zustand',
    createdAt: 'Erfasst',
    sentAt: 'Gesendet',
  },
  placeholders: {
    note: 'z. B. Li Wei, rechter Daumen',
    fingerId: 'Wird erzeugt, wenn leer',
    search: 'Nach Fingerabdruck-ID oder Notiz suchen',
    allRooms: 'Alle Zimmer',
  },
  steps: {
    connect: 'Kodierer verbinden',
    press: 'Finger auflegen',
    pressAgain: 'Erneut auflegen',
    captured: 'Erfasst',
    saved: 'Gespeichert',
  },
  hints: {
    room: 'Mit einem Zimmer wird der Fingerabdruck für den Aufenthalt an das Schloss des Zimmers gesendet.',
    connecting: 'Verbindung zum Kartenkodierer wird hergestellt…',
    press: 'Legen Sie den Finger auf den Kodierer.',
    pressAgain: 'Heben Sie den Finger an und legen Sie ihn erneut auf den Kodierer.',
    captured: 'Fingerabdruck erfasst.',
    saving: 'Fingerabdruck wird gespeichert…',
    done: 'Fingerabdruck gespeichert (Qualität {{quality}}).',
  },
  encoder: {
    simulated: 'SIMULIERTER Kodierer',
    usb: 'USB-Kodierer verbunden',
    unplugged: 'Kodierer getrennt',
    offline:
      'Das LockDesk-Gateway läuft auf diesem Computer nicht. Starten Sie es, schließen Sie den Kartenkodierer an und versuchen Sie es erneut.',
  },
  status: {
    pending: 'Ausstehend (bis das Schloss synchronisiert)',
    delivered: 'Auf dem Schloss',
    deleting: 'Wird entfernt',
    deleted: 'Entfernt',
  },
  actions: {
    enrol: 'Fingerabdruck erfassen',
    start: 'Erfassung starten',
    again: 'Erneut erfassen',
    saveAgain: 'Erneut speichern',
    send: 'An ein Schloss senden',
    withdraw: 'Vom Schloss entfernen',
  },
  send: {
    title: 'Fingerabdruck {{fingerId}} an ein Schloss senden',
    hint: 'Das Schloss erhält ihn bei der nächsten Synchronisierung.',
    pickRoom: 'Bitte ein Zimmer auswählen',
  },
  messages: {
    saved: 'Fingerabdruck {{fingerId}} gespeichert',
    deleted: 'Fingerabdruck gelöscht',
    deleteConfirm:
      'Fingerabdruck {{fingerId}} löschen? Schlösser entfernen ihn bei der nächsten Synchronisierung.',
    sent: 'An das Schloss von Zimmer {{room}} gesendet; ausstehend, bis das Schloss synchronisiert',
    withdrawConfirm: 'Fingerabdruck {{fingerId}} vom Schloss von Zimmer {{room}} entfernen?',
    withdrawn: 'Das Schloss entfernt den Fingerabdruck bei der nächsten Synchronisierung',
  },
  list: {
    empty: 'Noch keine Fingerabdrücke',
    emptyFiltered: 'Nichts entspricht diesen Filtern',
    deliveriesEmpty: 'Noch kein Fingerabdruck wurde an ein Schloss gesendet',
    loadFailed: 'Die Fingerabdrücke konnten nicht geladen werden.',
    total: '{{count}} insgesamt',
    noRoom: 'Nur Bibliothek',
  },
};

export default de;
