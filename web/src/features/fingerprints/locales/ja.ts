import type { Texts } from './en.ts';

const ja: Texts = {
  feature: '指紋',
};

export default ja;
