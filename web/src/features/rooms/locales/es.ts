import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Habitaciones',
};

export default es;
