import { frWords } from '@lockdesk/protocol/i18n/fr';
import type { Texts } from './en.ts';

const fr: Texts = {
  columns: {
    room: 'Chambre',
    type: 'Mode d’ouverture',
    credential: 'Moyen d’accès',
    from: 'Provenance',
    operator: 'Opérateur',
    guest: 'Client',
  },
  types: {
    ...frWords.unlockTypes,
    bluetooth: 'Bluetooth du téléphone',
    remote: 'Ouverture à distance',
  },
  result: {
    ...frWords.unlockResults,
    all: 'Ouverte ou refusée',
  },
  reasons: {
    ...frWords.cardKinds,
    ...frWords.refusals,
    floorCard: 'Carte d’étage',
    corruptedCard: 'Carte illisible',
    externalCard: 'Carte d’un autre système',
    emptyCard: 'Carte vierge',
    tamperedCard: 'Carte modifiée',
    copiedCard: 'Carte copiée',
    wrongHotel: 'Carte d’un autre hôtel',
    wrongBuilding: 'Carte d’un autre bâtiment',
    wrongFloor: 'Carte d’un autre étage',
    wrongRoom: 'Carte d’une autre chambre',
    universalNotLearned: 'Carte universelle pas encore apprise par la serrure',
    issuerNotAllowed: 'Émise par un compte que cette serrure n’accepte pas',
    notYetValid: 'Pas encore valide',
    deadbolt: 'Verrou fermé de l’intérieur',
    passwordExpired: 'Mot de passe expiré ou retiré',
    bluetooth: 'Ouverture Bluetooth depuis le téléphone',
  },
  filters: {
    room: 'Chambre',
    allRooms: 'Toutes les chambres',
    mobile: 'Mobile du client',
    mobilePlaceholder: 'Numéro de mobile du client',
    stay: 'Séjour n° {{id}}',
    type: 'Mode d’ouverture',
    allTypes: 'Tous les modes d’ouverture',
    from: 'Du',
    to: 'Au',
    keyword: 'Mot-clé',
    keywordPlaceholder: 'Rechercher contenu, provenance, opérateur ou client',
    clear: 'Effacer les filtres',
  },
  table: {
    empty: 'Aucun enregistrement d’ouverture pour l’instant',
    emptyHint: 'Une serrure transmet ses enregistrements lors de sa synchronisation Bluetooth.',
    noMatch: 'Aucun enregistrement d’ouverture ne correspond à ces filtres',
    loadFailed: 'Les enregistrements d’ouverture n’ont pas pu être chargés.',
    total: 'Enregistrements trouvés : {{count}}',
  },
  export: {
    button: 'Exporter',
    preparing: 'Préparation du fichier…',
    started: 'Le téléchargement de {{file}} a commencé',
    hint: 'Le fichier contient tous les enregistrements qui correspondent aux filtres, pas seulement cette page.',
  },
};

export default fr;
