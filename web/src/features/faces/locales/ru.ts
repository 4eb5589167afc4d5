import type { Texts } from './en.ts';

const ru: Texts = {
  feature: 'Лица',
  libraryTitle: 'Библиотека лиц',
  buildTitle: 'Добавить лицо',
  fields: {
    faceId: 'ID лица',
    note: 'Примечание к лицу',
    lockNote: 'Примечание для замка',
    image: 'Изображение лица',
    room: 'Номер',
    stay: 'Проживание',
    createdAt: 'Создано',
    actions: 'Действия',
  },
  placeholders: {
    faceId: 'например, G-20261125-01',
    note: 'например, имя гостя',
    search: 'Поиск по ID лица или примечанию',
    allRooms: 'Все номера',
    noRoom: 'Без номера: только в библиотеке',
    currentGuest: 'Текущий гость номера',
  },
  hints: {
    room: 'При выборе номера лицо получает доступ к замку номера на время проживания.',
    noOpenStay: 'Сейчас в этом номере нет гостя и брони.',
    lockNote: 'Имя, которое замок показывает для этого лица.',
  },
  image: {
    fromFile: 'Файл',
    fromCamera: 'Камера',
    chooseFile: 'Выбрать изображение',
    formats: 'JPEG, PNG или WebP, не более 2 МБ.',
    startCamera: 'Включить камеру',
    stopCamera: 'Выключить камеру',
    capture: 'Сделать снимок',
    preview: 'Предпросмотр изображения лица',
    remove: 'Убрать',
    cameraUnavailable: 'Этот браузер не даёт доступа к камере на этой странице.',
    cameraFailed: 'Не удалось включить камеру: {{reason}}',
    captureFailed: 'Не удалось сделать снимок. Попробуйте ещё раз.',
  },
  actions: {
    save: 'Сохранить лицо',
    create: 'Добавить лицо',
    library: 'Библиотека лиц',
    edit: 'Изменить примечания',
    saveNotes: 'Сохранить',
    delete: 'Удалить',
    cancel: 'Отмена',
    retry: 'Повторить',
  },
  edit: {
    title: 'Примечания к лицу {{faceId}}',
  },
  messages: {
    uploading: 'Загрузка изображения…',
    created: 'Лицо {{faceId}} сохранено',
    updated: 'Примечания сохранены',
    deleted: 'Лицо удалено',
    deleteConfirm: 'Удалить лицо {{faceId}}? Замок удалит его при следующей синхронизации.',
  },
  list: {
    empty: 'Лиц пока нет',
    emptyFiltered: 'Нет лиц, подходящих под эти фильтры',
    loadFailed: 'Не удалось загрузить лица.',
    total: 'Лиц: {{count}}',
    noRoom: 'Только библиотека',
  },
};

export default ru;
