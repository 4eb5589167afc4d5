import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Zimmer',
};

export default de;
