import type { Texts } from './en.ts';

const chs: Texts = {
  feature: '价格',
};

export default chs;
