import type { Texts } from './en.ts';

const ar: Texts = {
  feature: 'بصمات الأصابع',
};

export default ar;
