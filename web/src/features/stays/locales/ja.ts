import type { Texts } from './en.ts';

const ja: Texts = {
  feature: '宿泊',
};

export default ja;
