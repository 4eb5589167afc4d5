import type { Texts } from './en.ts';

const chs: Texts = {
  feature: '指纹',
};

export default chs;
