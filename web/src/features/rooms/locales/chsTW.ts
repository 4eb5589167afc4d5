import type { Texts } from './en.ts';

const chsTW: Texts = {
  feature: '房間',
};

export default chsTW;
