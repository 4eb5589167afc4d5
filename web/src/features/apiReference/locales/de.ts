import type { Texts } from './en.ts';

const de: Texts = {
  link: 'API-Referenz',
  newTab: 'öffnet in einem neuen Tab',
  card: {
    title: 'Für Entwickler',
    description:
      'Alle Aufrufe der Verwaltungs-API und der Kartendienst-API: Felder, Berechtigungen, Antworten und Fehlercodes.',
  },
};

export default de;
