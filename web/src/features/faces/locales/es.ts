import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Rostros',
  libraryTitle: 'Biblioteca de rostros',
  buildTitle: 'Crear un rostro',
  fields: {
    faceId: 'ID del rostro',
    note: 'Nota del rostro',
    lockNote: 'Nota de la cerradura',
    image: 'Imagen del rostro',
    room: 'Habitación',
    stay: 'Estancia',
    createdAt: 'Creado',
    actions: 'Acciones',
  },
  placeholders: {
    faceId: 'p. ej. G-20261125-01',
    note: 'p. ej. el nombre del huésped',
    search: 'Buscar por ID del rostro o nota',
    allRooms: 'Todas las habitaciones',
    noRoom: 'Sin habitación: solo en la biblioteca',
    currentGuest: 'El huésped actual de la habitación',
  },
  hints: {
    room: 'Con una habitación, el rostro se autoriza en la cerradura de la habitación durante la estancia.',
    noOpenStay: 'Esta habitación no tiene huésped ni reserva ahora.',
    lockNote: 'El nombre que la cerradura muestra para este rostro.',
  },
  image: {
    fromFile: 'Archivo',
    fromCamera: 'Cámara',
    chooseFile: 'Elegir una imagen',
    formats: 'JPEG, PNG o WebP, como máximo 2 MB.',
    startCamera: 'Encender la cámara',
    stopCamera: 'Apagar la cámara',
    capture: 'Tomar la foto',
    preview: 'Vista previa de la imagen del rostro',
    remove: 'Quitar',
    cameraUnavailable: 'Este navegador no ofrece cámara en esta página.',
    cameraFailed: 'No se pudo encender la cámara: {{reason}}',
    captureFailed: 'No se pudo tomar la foto. Inténtelo de nuevo.',
  },
  actions: {
    save: 'Guardar el rostro',
    create: 'Crear un rostro',
    library: 'Biblioteca de rostros',
    edit: 'Editar notas',
    saveNotes: 'Guardar',
    delete: 'Eliminar',
    cancel: 'Cancelar',
    retry: 'Reintentar',
  },
  edit: {
    title: 'Notas del rostro {{faceId}}',
  },
  messages: {
    uploading: 'Subiendo la imagen…',
    created: 'Rostro {{faceId}} guardado',
    updated: 'Notas guardadas',
    deleted: 'Rostro eliminado',
    deleteConfirm: '¿Eliminar el rostro {{faceId}}? La cerradura lo quitará en la próxima sincronización.',
  },
  list: {
    empty: 'Aún no hay rostros',
    emptyFiltered: 'Ningún rostro coincide con estos filtros',
    loadFailed: 'No se pudieron cargar los rostros.',
    total: 'Rostros: {{count}}',
    noRoom: 'Solo biblioteca',
  },
};

export default es;
