import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Información del hotel',
};

export default es;
