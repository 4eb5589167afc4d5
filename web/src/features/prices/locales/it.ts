import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Prezzi',
};

export default it;
