import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Estancias',
};

export default es;
