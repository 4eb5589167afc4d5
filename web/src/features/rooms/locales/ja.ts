import type { Texts } from './en.ts';

const ja: Texts = {
  feature: '客室',
};

export default ja;
