import type { CommonTexts } from './en.ts';

const it: CommonTexts = {
  actionsColumn: 'Azioni',
  cancel: 'Annulla',
  delete: 'Elimina',
  refresh: 'Aggiorna',
  resultLabel: 'Esito',
  save: 'Salva',
  time: 'Ora',
  tryAgain: 'Riprova',
};

export default it;
