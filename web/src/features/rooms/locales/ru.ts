import type { Texts } from './en.ts';

const ru: Texts = {
  feature: 'Номера',
};

export default ru;
