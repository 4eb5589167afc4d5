import type { Texts } from './en.ts';

const fr: Texts = {
  link: 'Référence de l’API',
  newTab: 's’ouvre dans un nouvel onglet',
  card: {
    title: 'Pour les développeurs',
    description:
      'Tous les appels de l’API de gestion et de l’API du service de cartes : champs, droits, réponses et codes d’erreur.',
  },
};

export default fr;
