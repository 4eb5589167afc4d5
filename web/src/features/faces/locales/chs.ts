import type { Texts } from './en.ts';

const chs: Texts = {
  feature: '人脸',
};

export default chs;
