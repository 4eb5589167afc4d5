import type { Texts } from './en.ts';

const chs: Texts = {
  feature: '入住',
};

export default chs;
