import type { Texts } from './en.ts';

const fr: Texts = {
  feature: 'Visages',
  libraryTitle: 'Bibliothèque de visages',
  buildTitle: 'Créer un visage',
  fields: {
    faceId: 'ID du visage',
    note: 'Note du visage',
    lockNote: 'Note de la serrure',
    image: 'Image du visage',
    room: 'Chambre',
    stay: 'Séjour',
    createdAt: 'Créé le',
    actions: 'Opérations',
  },
  placeholders: {
    faceId: 'ex. G-20261125-01',
    note: 'ex. le nom du client',
    search: 'Rechercher par ID du visage ou note',
    allRooms: 'Toutes les chambres',
    noRoom: 'Aucune chambre : garder dans la bibliothèque seulement',
    currentGuest: 'Le client actuel de la chambre',
  },
  hints: {
    room: 'Avec une chambre, le visage est autorisé sur la serrure de la chambre pendant le séjour.',
    noOpenStay: "Cette chambre n'a ni client ni réservation pour le moment.",
    lockNote: 'Le nom que la serrure affiche pour ce visage.',
  },
  image: {
    fromFile: 'Fichier',
    fromCamera: 'Caméra',
    chooseFile: 'Choisir une image',
    formats: 'JPEG, PNG ou WebP, 2 Mo au maximum.',
    startCamera: 'Allumer la caméra',
    stopCamera: 'Éteindre la caméra',
    capture: 'Prendre la photo',
    preview: "Aperçu de l'image du visage",
    remove: 'Retirer',
    cameraUnavailable: 'Ce navigateur ne propose pas de caméra sur cette page.',
    cameraFailed: "La caméra n'a pas pu être allumée : {{reason}}",
    captureFailed: "La photo n'a pas pu être prise. Veuillez réessayer.",
  },
  actions: {
    save: 'Enregistrer le visage',
    create: 'Créer un visage',
    library: 'Bibliothèque de visages',
    edit: 'Modifier les notes',
    saveNotes: 'Enregistrer',
    delete: 'Supprimer',
    cancel: 'Annuler',
    retry: 'Réessayer',
  },
  edit: {
    title: 'Notes du visage {{faceId}}',
  },
  messages: {
    uploading: "Envoi de l'image…",
    created: 'Visage {{faceId}} enregistré',
    updated: 'Notes enregistrées',
    deleted: 'Visage supprimé',
    deleteConfirm: 'Supprimer le visage {{faceId}} ? La serrure le retire à la prochaine synchronisation.',
  },
  list: {
    empty: 'Aucun visage pour le moment',
    emptyFiltered: 'Aucun visage ne correspond à ces filtres',
    loadFailed: "Les visages n'ont pas pu être chargés.",
    total: 'Visages : {{count}}',
    noRoom: 'Bibliothèque seulement',
  },
};

export default fr;
