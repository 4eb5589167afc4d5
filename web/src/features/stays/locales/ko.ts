import type { Texts } from './en.ts';

const ko: Texts = {
  feature: '투숙',
};

export default ko;
