import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Precios',
};

export default es;
