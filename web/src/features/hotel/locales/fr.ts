import type { Texts } from './en.ts';

const fr: Texts = {
  feature: "Informations sur l'hôtel",
};

export default fr;
