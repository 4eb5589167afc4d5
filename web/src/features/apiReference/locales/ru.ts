import type { Texts } from './en.ts';

const ru: Texts = {
  link: 'Справочник API',
  newTab: 'откроется в новой вкладке',
  card: {
    title: 'Для разработчиков',
    description: 'Все вызовы API управления и API службы карт: поля, права доступа, ответы и коды ошибок.',
  },
};

export default ru;
