import type { Texts } from './en.ts';

const ru: Texts = {
  feature: 'Цены',
};

export default ru;
