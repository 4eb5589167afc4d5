import type { Texts } from './en.ts';

const it: Texts = {
  link: 'Riferimento API',
  newTab: 'si apre in una nuova scheda',
  card: {
    title: 'Per gli sviluppatori',
    description:
      'Tutte le chiamate dell’API di gestione e dell’API del servizio tessere: campi, permessi, risposte e codici di errore.',
  },
};

export default it;
