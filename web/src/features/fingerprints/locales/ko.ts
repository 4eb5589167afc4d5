import type { Texts } from './en.ts';

const ko: Texts = {
  feature: '지문',
};

export default ko;
