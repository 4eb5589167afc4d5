import type { Texts } from './en.ts';

const fr: Texts = {
  feature: 'Empreintes digitales',
  libraryTitle: "Bibliothèque d'empreintes",
  tabs: {
    library: 'Empreintes',
    deliveries: 'Envoyées aux serrures',
  },
  fields: {
    fingerId: "ID de l'empreinte",
    note: 'Remarque',
    room: 'Chambre',
    status: 'État',
    createdAt: 'Enregistrée le',
    sentAt: 'Envoyée le',
  },
  placeholders: {
    note: 'ex. Li Wei, pouce droit',
    fingerId: 'Générée si laissée vide',
    search: "Rechercher par ID de l'empreinte ou remarque",
    allRooms: 'Toutes les chambres',
  },
  steps: {
    connect: "Connecter l'encodeur",
    press: 'Poser le doigt',
    pressAgain: 'Poser à nouveau',
    captured: 'Capturée',
    saved: 'Enregistrée',
  },
  hints: {
    room: "Avec une chambre, l'empreinte est envoyée à la serrure de la chambre pendant le séjour.",
    connecting: "Connexion à l'encodeur de cartes…",
    press: "Posez le doigt sur l'encodeur.",
    pressAgain: "Levez le doigt et posez-le à nouveau sur l'encodeur.",
    captured: 'Empreinte capturée.',
    saving: "Enregistrement de l'empreinte…",
    done: 'Empreinte enregistrée (qualité {{quality}}).',
  },
  encoder: {
    simulated: 'Encodeur SIMULÉ',
    usb: 'Encodeur USB connecté',
    unplugged: 'Encodeur débranché',
    offline:
      "La passerelle LockDesk ne fonctionne pas sur cet ordinateur. Démarrez-la, branchez l'encodeur de cartes et réessayez.",
  },
  status: {
    pending: "En attente (jusqu'à la synchronisation de la serrure)",
    delivered: 'Sur la serrure',
    deleting: 'En cours de retrait',
    deleted: 'Retirée',
  },
  actions: {
    enrol: 'Enregistrer une empreinte',
    start: "Démarrer l'enregistrement",
    again: 'Enregistrer à nouveau',
    saveAgain: 'Enregistrer à nouveau',
    send: 'Envoyer à une serrure',
    withdraw: 'Retirer de la serrure',
  },
  send: {
    title: "Envoyer l'empreinte {{fingerId}} à une serrure",
    hint: 'La serrure la reçoit à sa prochaine synchronisation.',
    pickRoom: 'Veuillez choisir une chambre',
  },
  messages: {
    saved: 'Empreinte {{fingerId}} enregistrée',
    deleted: 'Empreinte supprimée',
    deleteConfirm:
      "Supprimer l'empreinte {{fingerId}} ? Les serrures la retirent à leur prochaine synchronisation.",
    sent: "Envoyée à la serrure de la chambre {{room}} ; en attente jusqu'à la synchronisation de la serrure",
    withdrawConfirm: "Retirer l'empreinte {{fingerId}} de la serrure de la chambre {{room}} ?",
    withdrawn: "La serrure retire l'empreinte à sa prochaine synchronisation",
  },
  list: {
    empty: 'Aucune empreinte pour le moment',
    emptyFiltered: 'Rien ne correspond à ces filtres',
    deliveriesEmpty: "Aucune empreinte n'a encore été envoyée à une serrure",
    loadFailed: "Les empreintes n'ont pas pu être chargées.",
    total: '{{count}} au total',
    noRoom: 'Bibliothèque seulement',
  },
};

export default fr;
