import type { Texts } from './en.ts';

const ja: Texts = {
  feature: '顔',
};

export default ja;
