import type { Texts } from './en.ts';

const fr: Texts = {
  feature: 'Chambres',
};

export default fr;
