import type { Texts } from './en.ts';

const ru: Texts = {
  feature: 'Отпечатки пальцев',
};

export default ru;
