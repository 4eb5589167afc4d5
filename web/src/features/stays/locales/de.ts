import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Aufenthalte',
};

export default de;
