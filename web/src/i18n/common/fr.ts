import type { CommonTexts } from './en.ts';

const fr: CommonTexts = {
  actions: 'Opérations',
  cancel: 'Annuler',
  delete: 'Supprimer',
  refresh: 'Actualiser',
  result: 'Résultat',
  save: 'Enregistrer',
  time: 'Heure',
  tryAgain: 'Réessayer',
};

export default fr;
