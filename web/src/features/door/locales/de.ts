import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Tür',
  panel: {
    title: 'Schloss und Zustellungen',
    lastSync: 'Letzter Abgleich',
    never: 'Nie abgeglichen',
    waiting: 'Wartende Änderungen',
    waitingHint: 'Was das Schloss bei der nächsten Bluetooth-Öffnung lernt',
    noLock: 'Dieses Zimmer hat kein Schloss (keine MAC-Adresse): an keine Tür wird etwas zugestellt.',
    noSecret: 'Das Schloss hat noch kein Geheimnis und kann sich daher nicht mit LockDesk abgleichen.',
    loadFailed: 'Die Zustellungen des Schlosses konnten nicht geladen werden.',
    retry: 'Erneut versuchen',
    refresh: 'Aktualisieren',
    deliveries: 'Zustellungen',
    syncs: 'Letzte Abgleiche',
    noDeliveries: 'Das Schloss muss nichts lernen.',
    noSyncs: 'Das Schloss hat sich noch nicht abgeglichen.',
  },
  columns: {
    item: 'Eintrag',
    kind: 'Art',
    state: 'Zustand',
    changed: 'Geändert',
    confirmed: 'Bestätigt',
    started: 'Begonnen',
    finished: 'Beendet',
    operator: 'Bediener',
    records: 'Einträge',
  },
  kinds: {
    card_delete: 'Abzuweisende Karte',
    universal_card: 'Universalkarte',
    sequence: 'Kartenfolge',
    password: 'Passwort',
    face: 'Gesicht',
    fingerprint: 'Fingerabdruck',
  },
  actions: {
    add: 'Lernen',
    remove: 'Vergessen',
  },
  states: {
    issued: 'Ausgegeben',
    waiting: 'Wartet auf den nächsten Abgleich des Schlosses',
    confirmed: 'Vom Schloss bestätigt',
  },
  stateHints: {
    issued: 'Es steht auf der Karte selbst: das Schloss muss nichts lernen.',
    waiting:
      'Das Schloss lernt es bei der nächsten Bluetooth-Öffnung; bis dahin verhält sich die Tür noch wie zuvor.',
    confirmed: 'Das Schloss hat es bei einem Abgleich bestätigt.',
  },
  syncs: {
    unfinished: 'Unterbrochen',
    records: '{{stored}} gespeichert, {{duplicates}} schon bekannt',
  },
  bluetooth: {
    button: 'Bluetooth-Öffnung',
    hint: 'Ersatz für die Handy-App an der Tür: das Schloss gleicht sich mit LockDesk ab und lädt seine Öffnungsprotokolle hoch.',
    done: 'Bluetooth-Öffnung abgeschlossen',
    learned:
      'Das Schloss hat gelernt: {{deleted}} abzuweisende Karten, {{universal}} Universalkarten, {{passwords}} Passwörter, {{faces}} Gesichter, {{fingerprints}} Fingerabdrücke.',
    uploaded: 'Hochgeladene Öffnungsprotokolle: {{uploaded}} (schon bekannt: {{duplicates}}).',
    failed: 'Die Bluetooth-Öffnung ist fehlgeschlagen',
    phoneApp:
      'Auf diesem PC läuft kein virtuelles Schloss: die Bluetooth-Öffnung erledigt die Handy-App an der Tür, die das Schloss abgleicht und seine Öffnungsprotokolle hochlädt.',
  },
  virtual: {
    title: 'Virtuelles Schloss — SIMULIERT',
    simulated: 'SIMULIERT',
    installed: 'Im Simulator installiert',
    buffered: 'Einträge im Schloss: {{buffered}}',
    notInstalled: 'Das virtuelle Schloss dieses Zimmers ist im Simulator nicht installiert.',
    install: 'Virtuelles Schloss installieren',
    installHint:
      'Das Schloss erhält ein neues Geheimnis (das alte gilt nicht mehr) und wird im Simulator installiert.',
    installDone: 'Virtuelles Schloss installiert',
    installFailed: 'Das virtuelle Schloss konnte nicht installiert werden',
    adminsOnly: 'Nur ein Administrator kann das Schloss installieren.',
  },
  errors: {
    unreachable: 'Der Simulator des Gateways antwortet auf diesem PC nicht ({{address}}).',
    notInstalled: 'Dieses Schloss ist im Simulator nicht installiert.',
    noLocks: 'Dieses Gateway hat keine virtuellen Schlösser: aktualisieren Sie das Gateway.',
    refused: 'Der Simulator lehnte ab: {{detail}}',
  },
  roomMark: {
    waiting: 'Wartend: {{count}}',
    waitingHint: 'Änderungen, die auf den nächsten Abgleich des Schlosses warten: {{count}}',
    lastSync: 'Letzter Schloss-Abgleich: {{time}}',
    neverSynced: 'Das Schloss hat sich noch nicht abgeglichen',
  },
  card: {
    show: 'Je Schloss',
    title: 'Zustellung je Schloss',
    empty: 'Kein Schloss muss zu dieser Karte etwas lernen.',
    loadFailed: 'Die Zustellungen der Karte konnten nicht geladen werden.',
    delete: 'Karte abweisen',
    learn: 'Karte lernen',
    lastSync: 'Schloss abgeglichen {{time}}',
    neverSynced: 'Schloss nie abgeglichen',
    synced: 'Von den Schlössern gelernt',
  },
};

export default de;
