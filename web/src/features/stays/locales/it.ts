import type { Texts } from './en.ts';

const it: Texts = {
  feature: 'Soggiorni',
};

export default it;
