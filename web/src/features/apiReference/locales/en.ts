import type { LanguageTexts } from '../../../i18n/plurals.ts';

/** English texts of the 'apiReference' feature: the reference every other language matches. */
const en = {
  link: 'API reference',
  newTab: 'opens in a new tab',
  card: {
    title: 'For developers',
    description:
      'Every call of the management API and the card-service API: fields, access, answers and error codes.',
  },
};

export type Texts = LanguageTexts<typeof en>;
export default en;
