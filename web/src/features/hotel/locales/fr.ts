import type { Texts } from './en.ts';

const fr: Texts = {
  feature: 'Informations de l’hôtel',
  notice: { complete: 'Compléter les informations de l’hôtel' },
  required: {
    description:
      'Renseignez ci-dessous le nom, l’adresse et le téléphone puis enregistrez ; revenez ensuite à ce que vous faisiez.',
    back: 'Revenir à la page précédente',
  },
  actions: { retry: 'Réessayer' },
  account: {
    title: 'Mon compte',
    name: 'Nom',
    mobile: 'Numéro de mobile',
    email: 'Adresse e-mail',
    role: 'Rôle',
    roles: {
      super: 'Super administrateur',
      secondary: 'Administrateur secondaire',
      staff: 'Membre du personnel',
      customer_manager: 'Chargé de clientèle',
    },
    hotel: 'Nom de l’hôtel',
    serviceExpires: 'Service valable jusqu’au',
  },
  info: {
    title: 'Informations du commerçant ou de l’hôtel',
    loadFailed: 'Les informations de l’hôtel n’ont pas pu être chargées',
    incomplete:
      'Arrivées, changements de chambre et tarifs attendent que le nom, l’adresse et le téléphone soient renseignés.',
    name: 'Nom du commerçant ou de l’hôtel',
    address: 'Adresse postale',
    telephone: 'Téléphone',
    telephoneHint: '5 à 20 chiffres ; espaces, +, - et parenthèses acceptés',
    latitude: 'Latitude sur la carte',
    longitude: 'Longitude sur la carte',
    openMap: 'Ouvrir cette position sur OpenStreetMap',
    mapHint: 'Saisissez une latitude et une longitude pour vérifier la position sur une carte.',
    save: 'Enregistrer les informations de l’hôtel',
    saveAndBack: 'Enregistrer et revenir',
    saved: 'Les informations de l’hôtel sont enregistrées',
  },
  breakfast: {
    title: 'Petit-déjeuner',
    loadFailed: 'Les réglages du petit-déjeuner n’ont pas pu être chargés',
    enabled: 'Petit-déjeuner servi',
    hours: 'Horaires du petit-déjeuner',
    price: 'Prix par portion',
    options: 'Choix de petit-déjeuner proposés à l’arrivée',
    optionName: 'Nom du choix',
    count: 'Portions par jour',
    optionPrice: 'Prix par jour',
    removeOption: 'Retirer ce choix',
    addOption: 'Ajouter un choix',
    save: 'Enregistrer les réglages du petit-déjeuner',
    saved: 'Les réglages du petit-déjeuner sont enregistrés',
  },
};

export default fr;
