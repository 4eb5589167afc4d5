/** English texts of the 'faces' feature: the reference every other language matches key for key. */
const en = {
  feature: 'Faces',
  libraryTitle: 'Face library',
  buildTitle: 'Create a face',
  fields: {
    faceId: 'Face ID',
    note: 'Face note',
    lockNote: 'Lock note',
    image: 'Face image',
    room: 'Room',
    stay: 'Stay',
    createdAt: 'Created',
    actions: 'Actions',
  },
  placeholders: {
    faceId: 'e.g. G-20261125-01',
    note: "e.g. the guest's name",
    search: 'Search by face ID or note',
    allRooms: 'All rooms',
    noRoom: 'No room: keep it in the library only',
    currentGuest: "The room's current guest",
  },
  hints: {
    room: "With a room, the face is granted to the room's lock for the stay.",
    noOpenStay: 'This room has no guest or reservation now.',
    lockNote: 'The name the lock shows for this face.',
  },
  image: {
    fromFile: 'File',
    fromCamera: 'Camera',
    chooseFile: 'Choose an image',
    formats: 'JPEG, PNG or WebP, at most 2 MB.',
    startCamera: 'Start the camera',
    stopCamera: 'Stop the camera',
    capture: 'Take the photo',
    preview: 'Face image preview',
    remove: 'Remove',
    cameraUnavailable: 'This browser offers no camera on this page.',
    cameraFailed: 'The camera could not be started: {{reason}}',
    captureFailed: 'The photo could not be taken. Please try again.',
  },
  actions: {
    save: 'Save the face',
    create: 'Create a face',
    library: 'Face library',
    edit: 'Edit notes',
    saveNotes: 'Save',
    delete: 'Delete',
    cancel: 'Cancel',
    retry: 'Try again',
  },
  edit: {
    title: 'Notes of face {{faceId}}',
  },
  messages: {
    uploading: 'Uploading the image…',
    created: 'Face {{faceId}} saved',
    updated: 'Notes saved',
    deleted: 'Face deleted',
    deleteConfirm: 'Delete face {{faceId}}? Its lock drops it at the next sync.',
  },
  list: {
    empty: 'No faces yet',
    emptyFiltered: 'No face matches these filters',
    loadFailed: 'The faces could not be loaded.',
    total: 'Faces: {{count}}',
    noRoom: 'Library only',
  },
};

export type Texts = typeof en;
export default en;
