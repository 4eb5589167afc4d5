import type { Texts } from './en.ts';

const chsTW: Texts = {
  feature: '指紋',
};

export default chsTW;
