import type { Texts } from './en.ts';

const ar: Texts = {
  feature: 'الإقامات',
};

export default ar;
