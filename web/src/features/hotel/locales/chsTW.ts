import type { Texts } from './en.ts';

const chsTW: Texts = {
  feature: '飯店資訊',
};

export default chsTW;
