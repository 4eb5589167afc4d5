import type { CommonTexts } from './en.ts';

const ru: CommonTexts = {
  actions: 'Действия',
  cancel: 'Отмена',
  delete: 'Удалить',
  refresh: 'Обновить',
  result: 'Результат',
  save: 'Сохранить',
  time: 'Время',
  tryAgain: 'Повторить',
};

export default ru;
