import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Preise',
};

export default de;
