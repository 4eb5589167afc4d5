import type { Texts } from './en.ts';

const chsTW: Texts = {
  feature: '人臉',
};

export default chsTW;
