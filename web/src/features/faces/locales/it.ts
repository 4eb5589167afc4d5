import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Volti',
};

export default it;
