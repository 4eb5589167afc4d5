import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Preços',
};

export default pt;
