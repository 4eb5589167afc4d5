import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Impressões digitais',
};

export default pt;
