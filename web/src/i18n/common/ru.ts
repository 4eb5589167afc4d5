import type { CommonTexts } from './en.ts';

const ru: CommonTexts = {
  actionsColumn: 'Действия',
  cancel: 'Отмена',
  delete: 'Удалить',
  refresh: 'Обновить',
  resultLabel: 'Результат',
  save: 'Сохранить',
  time: 'Время',
  tryAgain: 'Повторить',
};

export default ru;
