import type { Texts } from './en.ts';

const chsTW: Texts = {
  feature: '價格',
};

export default chsTW;
