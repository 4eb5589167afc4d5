import type { Texts } from './en.ts';

const ja: Texts = {
  feature: 'ホテル情報',
};

export default ja;
