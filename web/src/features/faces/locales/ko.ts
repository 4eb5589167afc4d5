import type { Texts } from './en.ts';

const ko: Texts = {
  feature: '얼굴',
};

export default ko;
