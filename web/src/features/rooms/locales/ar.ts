import type { Texts } from './en.ts';

const ar: Texts = {
  feature: 'الغرف',
};

export default ar;
