import type { CommonTexts } from './en.ts';

const it: CommonTexts = {
  actions: 'Azioni',
  cancel: 'Annulla',
  delete: 'Elimina',
  refresh: 'Aggiorna',
  result: 'Esito',
  save: 'Salva',
  time: 'Ora',
  tryAgain: 'Riprova',
};

export default it;
