import type { Texts } from './en.ts';

const ar: Texts = {
  feature: 'الوجوه',
};

export default ar;
