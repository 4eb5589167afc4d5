import type { Texts } from './en.ts';

const chs: Texts = {
  feature: '房间',
};

export default chs;
