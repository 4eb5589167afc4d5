import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Gesichter',
};

export default de;
