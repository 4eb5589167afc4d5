import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Volti',
  libraryTitle: 'Archivio volti',
  buildTitle: 'Crea un volto',
  fields: {
    faceId: 'ID volto',
    note: 'Nota del volto',
    lockNote: 'Nota della serratura',
    image: 'Immagine del volto',
    room: 'Camera',
    stay: 'Soggiorno',
    createdAt: 'Creato il',
    actions: 'Azioni',
  },
  placeholders: {
    faceId: 'es. G-20261125-01',
    note: "es. il nome dell'ospite",
    search: 'Cerca per ID volto o nota',
    allRooms: 'Tutte le camere',
    noRoom: "Nessuna camera: solo nell'archivio",
    currentGuest: "L'ospite attuale della camera",
  },
  hints: {
    room: 'Con una camera, il volto viene abilitato sulla serratura della camera per il soggiorno.',
    noOpenStay: 'Questa camera al momento non ha ospiti né prenotazioni.',
    lockNote: 'Il nome che la serratura mostra per questo volto.',
  },
  image: {
    fromFile: 'Da file',
    fromCamera: 'Fotocamera',
    chooseFile: "Scegli un'immagine",
    formats: 'JPEG, PNG o WebP, al massimo 2 MB.',
    startCamera: 'Accendi la fotocamera',
    stopCamera: 'Spegni la fotocamera',
    capture: 'Scatta la foto',
    preview: "Anteprima dell'immagine del volto",
    remove: 'Rimuovi',
    cameraUnavailable: 'Questo browser non offre una fotocamera in questa pagina.',
    cameraFailed: 'Impossibile accendere la fotocamera: {{reason}}',
    captureFailed: 'Impossibile scattare la foto. Riprova.',
  },
  actions: {
    save: 'Salva il volto',
    create: 'Crea un volto',
    library: 'Archivio volti',
    edit: 'Modifica note',
    saveNotes: 'Salva',
    delete: 'Elimina',
    cancel: 'Annulla',
    retry: 'Riprova',
  },
  edit: {
    title: 'Note del volto {{faceId}}',
  },
  messages: {
    uploading: "Caricamento dell'immagine…",
    created: 'Volto {{faceId}} salvato',
    updated: 'Note salvate',
    deleted: 'Volto eliminato',
    deleteConfirm: 'Eliminare il volto {{faceId}}? La serratura lo rimuove alla prossima sincronizzazione.',
  },
  list: {
    empty: 'Ancora nessun volto',
    emptyFiltered: 'Nessun volto corrisponde a questi filtri',
    loadFailed: 'Impossibile caricare i volti.',
    total: 'Volti: {{count}}',
    noRoom: 'Solo archivio',
  },
};

export default it;
