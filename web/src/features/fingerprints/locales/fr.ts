import type { Texts } from './en.ts';

const fr: Texts = {
  feature: 'Empreintes digitales',
};

export default fr;
