import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Impronte digitali',
};

export default it;
