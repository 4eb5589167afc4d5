import type { Texts } from './en.ts';

const it: Texts = {
  feature: "Informazioni sull'hotel",
};

export default it;
