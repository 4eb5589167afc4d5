import type { Texts } from './en.ts';

const ko: Texts = {
  feature: '요금',
};

export default ko;
