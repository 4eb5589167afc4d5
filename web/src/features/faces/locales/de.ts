import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Gesichter',
  libraryTitle: 'Gesichtsbibliothek',
  buildTitle: 'Gesicht anlegen',
  fields: {
    faceId: 'Gesichts-ID',
    note: 'Gesichtsnotiz',
    lockNote: 'Schlossnotiz',
    image: 'Gesichtsbild',
    room: 'Zimmer',
    stay: 'Aufenthalt',
    createdAt: 'Angelegt',
    actions: 'Aktionen',
  },
  placeholders: {
    faceId: 'z. B. G-20261125-01',
    note: 'z. B. Name des Gastes',
    search: 'Nach Gesichts-ID oder Notiz suchen',
    allRooms: 'Alle Zimmer',
    noRoom: 'Kein Zimmer: nur in der Bibliothek behalten',
    currentGuest: 'Der aktuelle Gast des Zimmers',
  },
  hints: {
    room: 'Mit einem Zimmer wird das Gesicht für den Aufenthalt am Schloss des Zimmers freigegeben.',
    noOpenStay: 'Dieses Zimmer hat derzeit keinen Gast und keine Reservierung.',
    lockNote: 'Der Name, den das Schloss für dieses Gesicht anzeigt.',
  },
  image: {
    fromFile: 'Datei',
    fromCamera: 'Kamera',
    chooseFile: 'Bild auswählen',
    formats: 'JPEG, PNG oder WebP, höchstens 2 MB.',
    startCamera: 'Kamera einschalten',
    stopCamera: 'Kamera ausschalten',
    capture: 'Foto aufnehmen',
    preview: 'Vorschau des Gesichtsbilds',
    remove: 'Entfernen',
    cameraUnavailable: 'Dieser Browser bietet auf dieser Seite keine Kamera an.',
    cameraFailed: 'Die Kamera konnte nicht gestartet werden: {{reason}}',
    captureFailed: 'Das Foto konnte nicht aufgenommen werden. Bitte erneut versuchen.',
  },
  actions: {
    save: 'Gesicht speichern',
    create: 'Gesicht anlegen',
    library: 'Gesichtsbibliothek',
    edit: 'Notizen bearbeiten',
    saveNotes: 'Speichern',
    delete: 'Löschen',
    cancel: 'Abbrechen',
    retry: 'Erneut versuchen',
  },
  edit: {
    title: 'Notizen zu Gesicht {{faceId}}',
  },
  messages: {
    uploading: 'Bild wird hochgeladen…',
    created: 'Gesicht {{faceId}} gespeichert',
    updated: 'Notizen gespeichert',
    deleted: 'Gesicht gelöscht',
    deleteConfirm: 'Gesicht {{faceId}} löschen? Das Schloss entfernt es bei der nächsten Synchronisierung.',
  },
  list: {
    empty: 'Noch keine Gesichter',
    emptyFiltered: 'Kein Gesicht entspricht diesen Filtern',
    loadFailed: 'Die Gesichter konnten nicht geladen werden.',
    total: 'Gesichter: {{count}}',
    noRoom: 'Nur Bibliothek',
  },
};

export default de;
