import type { Texts } from './en.ts';

const es: Texts = {
  feature: 'Huellas dactilares',
};

export default es;
