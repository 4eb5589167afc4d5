import type { Texts } from './en.ts';

const ru: Texts = {
  feature: 'Лица',
};

export default ru;
