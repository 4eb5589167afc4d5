import type { CommonTexts } from './en.ts';

const de: CommonTexts = {
  actionsColumn: 'Aktionen',
  cancel: 'Abbrechen',
  delete: 'Löschen',
  refresh: 'Aktualisieren',
  resultLabel: 'Ergebnis',
  save: 'Speichern',
  time: 'Zeit',
  tryAgain: 'Erneut versuchen',
};

export default de;
