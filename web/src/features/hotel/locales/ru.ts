import type { Texts } from './en.ts';

const ru: Texts = {
  feature: 'Информация об отеле',
};

export default ru;
