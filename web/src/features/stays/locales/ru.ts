import type { Texts } from './en.ts';

const ru: Texts = {
  feature: 'Проживание',
};

export default ru;
