import type { Texts } from './en.ts';

const fr: Texts = {
  remove: 'Retirer',
  loadFailed: "Les informations clients n'ont pas pu être chargées.",
  total: 'Total : {{count}}',
  service: {
    expiresAt: 'Fin du service',
    unlimited: 'Sans date de fin',
    expired: 'Expiré',
    daysLeft: 'Jours restants : {{count}}',
  },
  manager: {
    title: 'Chargé de clientèle',
    hint: 'Votre chargé de clientèle est le contact affiché à vos comptes lorsque la période de service prend fin ou va bientôt prendre fin.',
    current: 'Chargé de clientèle actuel',
    none: 'Aucun chargé de clientèle',
    mobile: 'Mobile du chargé de clientèle',
    set: 'Définir',
    change: 'Changer',
    saved: 'Chargé de clientèle enregistré',
    removeConfirm: "Retirer le chargé de clientèle ? Les avis d'expiration n'indiqueront plus de contact.",
    removed: 'Chargé de clientèle retiré',
  },
  clients: {
    title: 'Mes clients',
    search: 'Hôtel, mobile ou nom',
    searchPlaceholder: 'Rechercher par hôtel, mobile ou nom',
    state: 'État du service',
    allStates: 'Tous les états',
    states: {
      expired: 'Expiré',
      expiring: 'Expire bientôt',
      active: 'Actif',
    },
    hotel: 'Hôtel',
    unnamed: 'Hôtel sans nom',
    admin: 'Super administrateur',
    empty: "Vous n'avez pas encore de clients.",
    emptyFiltered: 'Aucun client ne correspond à ces filtres.',
    removeConfirm: 'Ne plus suivre {{hotel}} ?',
    removed: 'Client retiré',
  },
};

export default fr;
