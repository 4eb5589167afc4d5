import type { CommonTexts } from './en.ts';

const fr: CommonTexts = {
  actionsColumn: 'Opérations',
  cancel: 'Annuler',
  delete: 'Supprimer',
  refresh: 'Actualiser',
  resultLabel: 'Résultat',
  save: 'Enregistrer',
  time: 'Heure',
  tryAgain: 'Réessayer',
};

export default fr;
