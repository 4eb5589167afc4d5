import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Camere',
};

export default it;
