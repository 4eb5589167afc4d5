import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Rostos',
};

export default pt;
