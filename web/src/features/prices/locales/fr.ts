import type { Texts } from './en.ts';

const fr: Texts = {
  feature: 'Tarifs',
};

export default fr;
