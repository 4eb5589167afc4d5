import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Estadias',
};

export default pt;
