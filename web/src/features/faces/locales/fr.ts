import type { Texts } from './en.ts';

const fr: Texts = {
  feature: 'Visages',
};

export default fr;
