import type { Texts } from './en.ts';

const fr: Texts = {
  title: 'Centre de messages',
  kind: {
    all: 'Tous les types',
    low_battery: 'Batterie faible',
    service_expiring: 'Service bientôt expiré',
    lock_not_synced: 'Serrure non synchronisée',
    card_write_failed: 'Échec d’écriture de carte',
    notice: 'Avis',
  },
  text: {
    low_battery: 'Chambre {{room}} : batterie de la serrure à {{battery}} %. Remplacez les piles bientôt.',
    service_expiring:
      'Jours avant l’expiration du service : {{days}} ({{date}}). Pour renouveler, contactez votre chargé de clientèle {{mobile}}.',
    service_expiring_no_manager: 'Jours avant l’expiration du service : {{days}} ({{date}}).',
    lock_not_synced:
      'Chambre {{room}} : la serrure ne s’est pas synchronisée depuis {{days}} jours. Ouvrez-la une fois en Bluetooth pour qu’elle reçoive les dernières cartes et mots de passe.',
    lock_never_synced:
      'Chambre {{room}} : la serrure ne s’est jamais synchronisée depuis son installation ({{days}} jours). Ouvrez-la une fois en Bluetooth.',
    card_write_failed:
      'Carte {{card}} (chambre {{room}}) : l’écriture n’a pas été vérifiée. Écrivez la carte à nouveau.',
    card_write_failed_hotel: 'Carte {{card}} : l’écriture n’a pas été vérifiée. Écrivez la carte à nouveau.',
  },
  filter: {
    kind: 'Type',
    order: 'Ordre',
    unreadFirst: 'Non lus d’abord',
    newest: 'Plus récents d’abord',
    unreadOnly: 'Non lus seulement',
  },
  column: {
    message: 'Contenu',
    kind: 'Type',
    status: 'État',
  },
  status: {
    unread: 'Non lu',
    read: 'Lu',
    resolved: 'Résolu',
  },
  action: {
    openRoom: 'Voir la chambre',
    markRead: 'Marquer comme lu',
    markAllRead: 'Tout marquer comme lu',
    deleteSelected: 'Supprimer la sélection ({{count}})',
    deleteConfirm: 'Supprimer ce message ?',
    deleteSelectedConfirm: 'Supprimer les messages sélectionnés ({{count}}) ?',
    deleted: 'Supprimé',
    allRead: 'Tous les messages sont marqués comme lus',
  },
  list: {
    unread: 'Non lus : {{count}}',
    total: 'Messages : {{count}}',
    empty:
      'Aucun message. Les batteries faibles, les serrures non synchronisées depuis longtemps, les cartes mal écrites et la fin de la période de service apparaissent ici.',
    emptyFiltered: 'Aucun message ne correspond à ces filtres.',
    clearFilters: 'Effacer les filtres',
    loadFailed: 'Impossible de charger les messages.',
  },
};

export default fr;
