import type { Texts } from './en.ts';

const ko: Texts = {
  feature: '객실',
};

export default ko;
