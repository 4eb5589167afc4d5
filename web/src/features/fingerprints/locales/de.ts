import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Fingerabdrücke',
};

export default de;
