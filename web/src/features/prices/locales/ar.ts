import type { Texts } from './en.ts';

const ar: Texts = {
  feature: 'الأسعار',
};

export default ar;
