import type { CommonTexts } from './en.ts';

const de: CommonTexts = {
  actions: 'Aktionen',
  cancel: 'Abbrechen',
  delete: 'Löschen',
  refresh: 'Aktualisieren',
  result: 'Ergebnis',
  save: 'Speichern',
  time: 'Zeit',
  tryAgain: 'Erneut versuchen',
};

export default de;
