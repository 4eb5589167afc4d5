import type { Texts } from './en.ts';

const fr: Texts = {
  feature: 'Porte',
  panel: {
    title: 'Serrure et transmissions',
    lastSync: 'Dernière synchronisation',
    never: 'Jamais synchronisée',
    waiting: 'Changements en attente',
    waitingHint: 'Ce que la serrure apprend à sa prochaine ouverture par Bluetooth',
    noLock: 'Cette chambre n’a pas de serrure (pas d’adresse MAC) : rien n’est transmis à une porte.',
    noSecret: 'La serrure n’a pas encore de secret : elle ne peut pas se synchroniser avec LockDesk.',
    loadFailed: 'Les transmissions de la serrure n’ont pas pu être chargées.',
    retry: 'Réessayer',
    refresh: 'Actualiser',
    deliveries: 'Transmissions',
    syncs: 'Dernières synchronisations',
    noDeliveries: 'La serrure n’a rien à apprendre.',
    noSyncs: 'La serrure ne s’est pas encore synchronisée.',
  },
  columns: {
    item: 'Élément',
    kind: 'Type',
    state: 'État',
    changed: 'Modifié',
    confirmed: 'Confirmé',
    started: 'Début',
    finished: 'Fin',
    operator: 'Opérateur',
    records: 'Enregistrements',
  },
  kinds: {
    card_delete: 'Carte à refuser',
    universal_card: 'Carte universelle',
    sequence: 'Séquence de cartes',
    password: 'Mot de passe',
    face: 'Visage',
    fingerprint: 'Empreinte digitale',
  },
  actions: {
    add: 'Apprendre',
    remove: 'Oublier',
  },
  states: {
    issued: 'Émise',
    waiting: 'En attente de la prochaine synchronisation de la serrure',
    confirmed: 'Confirmé par la serrure',
  },
  stateHints: {
    issued: 'C’est sur la carte elle-même : la serrure n’a rien à apprendre.',
    waiting:
      'La serrure l’apprend à sa prochaine ouverture par Bluetooth ; d’ici là, la porte fonctionne encore comme avant.',
    confirmed: 'La serrure l’a confirmé lors d’une synchronisation.',
  },
  syncs: {
    unfinished: 'Interrompue',
    records: '{{stored}} enregistrés, {{duplicates}} déjà connus',
  },
  bluetooth: {
    button: 'Ouverture par Bluetooth',
    hint: 'Remplace l’application mobile près de la porte : la serrure se synchronise avec LockDesk et envoie ses enregistrements d’ouverture.',
    done: 'Ouverture par Bluetooth terminée',
    learned:
      'La serrure a appris : {{deleted}} cartes à refuser, {{universal}} cartes universelles, {{passwords}} mots de passe, {{faces}} visages, {{fingerprints}} empreintes.',
    uploaded: 'Enregistrements d’ouverture envoyés : {{uploaded}} (déjà connus : {{duplicates}}).',
    failed: 'L’ouverture par Bluetooth a échoué',
    phoneApp:
      'Aucune serrure virtuelle ne tourne sur ce PC : l’ouverture par Bluetooth se fait avec l’application mobile près de la porte, qui synchronise la serrure et envoie ses enregistrements d’ouverture.',
  },
  virtual: {
    title: 'Serrure virtuelle — SIMULÉE',
    simulated: 'SIMULÉE',
    installed: 'Installée dans le simulateur',
    buffered: 'Enregistrements dans la serrure : {{buffered}}',
    notInstalled: 'La serrure virtuelle de cette chambre n’est pas installée dans le simulateur.',
    install: 'Installer la serrure virtuelle',
    installHint:
      'La serrure reçoit un nouveau secret (l’ancien ne fonctionne plus) et est installée dans le simulateur.',
    installDone: 'Serrure virtuelle installée',
    installFailed: 'La serrure virtuelle n’a pas pu être installée',
    adminsOnly: 'Seul un administrateur peut installer la serrure.',
  },
  errors: {
    unreachable: 'Le simulateur de la passerelle ne répond pas sur ce PC ({{address}}).',
    notInstalled: 'Cette serrure n’est pas installée dans le simulateur.',
    noLocks: 'Cette passerelle n’a pas de serrures virtuelles : mettez la passerelle à jour.',
    refused: 'Le simulateur a refusé : {{detail}}',
  },
  roomMark: {
    waiting: 'En attente : {{count}}',
    waitingHint: 'Changements en attente de la prochaine synchronisation de la serrure : {{count}}',
    lastSync: 'Dernière synchronisation de la serrure : {{time}}',
    neverSynced: 'La serrure ne s’est pas encore synchronisée',
  },
  card: {
    show: 'Par serrure',
    title: 'Transmission par serrure',
    empty: 'Aucune serrure n’a rien à apprendre sur cette carte.',
    loadFailed: 'Les transmissions de la carte n’ont pas pu être chargées.',
    delete: 'Refuser la carte',
    learn: 'Apprendre la carte',
    lastSync: 'Serrure synchronisée {{time}}',
    neverSynced: 'Serrure jamais synchronisée',
    synced: 'Apprise par ses serrures',
  },
};

export default fr;
