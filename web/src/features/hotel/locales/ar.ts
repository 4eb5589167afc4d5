import type { Texts } from './en.ts';

const ar: Texts = {
  feature: 'معلومات الفندق',
};

export default ar;
