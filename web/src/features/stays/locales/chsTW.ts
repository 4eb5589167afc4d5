import type { Texts } from './en.ts';

const chsTW: Texts = {
  feature: '入住',
};

export default chsTW;
