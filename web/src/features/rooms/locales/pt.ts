import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Quartos',
};

export default pt;
