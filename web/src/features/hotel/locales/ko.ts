import type { Texts } from './en.ts';

const ko: Texts = {
  feature: '호텔 정보',
};

export default ko;
