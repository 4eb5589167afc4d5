import type { Texts } from './en.ts';

const chs: Texts = {
  feature: '酒店信息',
};

export default chs;
