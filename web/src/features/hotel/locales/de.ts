import type { Texts } from './en.ts';

const de: Texts = {
  feature: 'Hotelinformationen',
};

export default de;
