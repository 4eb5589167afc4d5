import type { Texts } from './en.ts';

const ja: Texts = {
  feature: '料金',
};

export default ja;
