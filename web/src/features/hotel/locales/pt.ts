import type { Texts } from './en.ts';

const pt: Texts = {
  feature: 'Informações do hotel',
};

export default pt;
