import type { Texts } from './en.ts';

const fr: Texts = {
  feature: 'Séjours',
};

export default fr;
