import type { Texts } from './en.ts';

const fr: Texts = {
  kinds: {
    '1': 'Service de lecteur local',
    '2': 'Deuxième lecteur',
    '3': 'Troisième lecteur',
    '4': 'Lecteur distant (broker)',
  },
  status: {
    label: 'Lecteur de cartes',
    online: 'Connecté',
    offline: 'Déconnecté',
    simulated: 'Encodeur simulé',
    simulatedHint: 'La passerelle utilise un encodeur simulé : aucune vraie carte n’est écrite',
    refresh: 'Vérifier à nouveau le lecteur',
  },
  select: {
    title: 'Lecteur de cartes',
    hint: 'La façon dont cet ordinateur joint l’encodeur de cartes. Conservé sur cet ordinateur uniquement.',
    type: 'Type de lecteur',
    default: 'valeur par défaut de l’installation',
    saved: 'Lecteur de cartes réglé sur {{name}}',
    deviceId: 'Adresse du lecteur distant',
    deviceIdHint: 'L’adresse à 12 caractères du lecteur distant associé à votre compte',
    noDevice: 'Aucun lecteur distant n’est encore associé à votre compte',
    status: 'État',
  },
  steps: {
    connect: 'Connexion au lecteur',
    findCard: 'Recherche de la carte',
    allocate: 'Préparation de la carte sur le serveur',
    write: 'Écriture de la carte',
    verify: 'Relecture de contrôle',
    confirm: 'Enregistrement de la carte',
    done: 'Terminé',
    blocks: 'Bloc {{done}} sur {{total}}',
    cancelled: 'L’écriture a été annulée ; aucune carte n’a été émise',
    failed: 'La carte n’a pas été émise',
    putCard: 'Posez la carte sur l’encodeur',
  },
  log: {
    title: 'Journal de l’appareil',
    empty: 'Aucune activité de l’appareil pour l’instant',
    clear: 'Vider le journal',
    send: 'envoyé',
    receive: 'reçu',
    info: 'note',
    error: 'erreur',
  },
};

export default fr;
