import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Rostros',
};

export default es;
