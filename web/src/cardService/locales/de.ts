import type { Texts } from './en.ts';

const de: Texts = {
  kinds: {
    '1': 'Lokaler Lesedienst',
    '2': 'Zweites Lesegerät',
    '3': 'Drittes Lesegerät',
    '4': 'Entferntes Lesegerät (Broker)',
  },
  status: {
    label: 'Kartenleser',
    online: 'Verbunden',
    offline: 'Nicht verbunden',
    simulated: 'Simulierter Kartenkodierer',
    simulatedHint: 'Das Gateway nutzt einen simulierten Kodierer: Es wird keine echte Karte beschrieben',
    refresh: 'Kartenleser erneut prüfen',
  },
  select: {
    title: 'Kartenleser',
    hint: 'Wie dieser Computer den Kartenkodierer erreicht. Wird nur auf diesem Computer gespeichert.',
    type: 'Lesegerätetyp',
    default: 'Standard der Installation',
    saved: 'Kartenleser auf {{name}} eingestellt',
    deviceId: 'Adresse des entfernten Lesegeräts',
    deviceIdHint: 'Die 12-stellige Adresse des entfernten Lesegeräts, das Ihrem Konto zugeordnet ist',
    noDevice: 'Ihrem Konto ist noch kein entferntes Lesegerät zugeordnet',
    status: 'Zustand',
  },
  steps: {
    connect: 'Mit dem Lesegerät verbinden',
    findCard: 'Karte suchen',
    allocate: 'Karte auf dem Server vorbereiten',
    write: 'Karte beschreiben',
    verify: 'Zur Kontrolle zurücklesen',
    confirm: 'Karte erfassen',
    done: 'Fertig',
    blocks: 'Block {{done}} von {{total}}',
    cancelled: 'Das Beschreiben wurde abgebrochen; es wurde keine Karte ausgegeben',
    failed: 'Die Karte wurde nicht ausgegeben',
    putCard: 'Legen Sie die Karte auf den Kodierer',
  },
  log: {
    title: 'Geräteprotokoll',
    empty: 'Noch keine Geräteaktivität',
    clear: 'Protokoll leeren',
    send: 'gesendet',
    receive: 'empfangen',
    info: 'Hinweis',
    error: 'Fehler',
  },
};

export default de;
