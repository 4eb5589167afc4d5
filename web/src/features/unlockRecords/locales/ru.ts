import { ruWords } from '@lockdesk/protocol/i18n/ru';
import type { Texts } from './en.ts';

const ru: Texts = {
  columns: {
    room: 'Номер',
    type: 'Способ открытия',
    credential: 'Ключ доступа',
    from: 'Источник',
    operator: 'Оператор',
    guest: 'Гость',
  },
  types: {
    ...ruWords.unlockTypes,
    bluetooth: 'Bluetooth телефона',
    remote: 'Удалённое открытие',
  },
  result: {
    ...ruWords.unlockResults,
    all: 'Открыто или отказано',
  },
  reasons: {
    ...ruWords.cardKinds,
    ...ruWords.refusals,
    floorCard: 'Карта этажа',
    corruptedCard: 'Нечитаемая карта',
    externalCard: 'Карта другой системы',
    emptyCard: 'Пустая карта',
    tamperedCard: 'Изменённая карта',
    copiedCard: 'Скопированная карта',
    wrongHotel: 'Карта другого отеля',
    wrongBuilding: 'Карта другого здания',
    wrongFloor: 'Карта другого этажа',
    wrongRoom: 'Карта другого номера',
    universalNotLearned: 'Универсальная карта, ещё не известная замку',
    issuerNotAllowed: 'Выдана учётной записью, которую замок не принимает',
    notYetValid: 'Ещё не действует',
    deadbolt: 'Заперто изнутри на задвижку',
    passwordExpired: 'Пароль истёк или отозван',
    bluetooth: 'Открытие по Bluetooth с телефона',
  },
  filters: {
    room: 'Номер',
    allRooms: 'Все номера',
    mobile: 'Телефон гостя',
    mobilePlaceholder: 'Номер мобильного телефона гостя',
    stay: 'Проживание №{{id}}',
    type: 'Способ открытия',
    allTypes: 'Все способы открытия',
    from: 'С',
    to: 'По',
    keyword: 'Ключевое слово',
    keywordPlaceholder: 'Поиск по содержанию, источнику, оператору или гостю',
    clear: 'Сбросить фильтры',
  },
  table: {
    empty: 'Записей об открытии пока нет',
    emptyHint: 'Замок передаёт свои записи при синхронизации по Bluetooth.',
    noMatch: 'Нет записей об открытии, подходящих под фильтры',
    loadFailed: 'Не удалось загрузить записи об открытии.',
    total: 'Найдено записей: {{count}}',
  },
  export: {
    button: 'Экспорт',
    preparing: 'Файл готовится…',
    started: 'Загрузка {{file}} началась',
    hint: 'В файл попадут все записи, подходящие под фильтры, а не только эта страница.',
  },
};

export default ru;
