import { type FeatureTexts, featureTexts, useFeatureTexts } from './feature.ts';

// Each namespace is named once here, so a page and the parts other pages borrow load the same object; its files are
// features/<ns>/locales/<lang>.ts (cardService/locales for the reader's parts), found by feature.ts's one loader.

export const accessControlTexts: FeatureTexts = featureTexts('accessControl');
export const apiReferenceTexts: FeatureTexts = featureTexts('apiReference');
export const businessTexts: FeatureTexts = featureTexts('business');
export const cardReadingTexts: FeatureTexts = featureTexts('cardReading');
export const cardServiceTexts: FeatureTexts = featureTexts('cardService');
export const cardsTexts: FeatureTexts = featureTexts('cards');
export const customersTexts: FeatureTexts = featureTexts('customers');
export const doorTexts: FeatureTexts = featureTexts('door');
export const encryptionTexts: FeatureTexts = featureTexts('encryption');
export const equipmentTexts: FeatureTexts = featureTexts('equipment');
export const facesTexts: FeatureTexts = featureTexts('faces');
export const fingerprintsTexts: FeatureTexts = featureTexts('fingerprints');
export const hotelTexts: FeatureTexts = featureTexts('hotel');
export const integrationsTexts: FeatureTexts = featureTexts('integrations');
export const messagesTexts: FeatureTexts = featureTexts('messages');
export const operationLogTexts: FeatureTexts = featureTexts('operationLog');
export const pricesTexts: FeatureTexts = featureTexts('prices');
export const roomsTexts: FeatureTexts = featureTexts('rooms');
export const specialCardsTexts: FeatureTexts = featureTexts('specialCards');
export const staffTexts: FeatureTexts = featureTexts('staff');
export const staysTexts: FeatureTexts = featureTexts('stays');
export const touristsTexts: FeatureTexts = featureTexts('tourists');
export const unlockRecordsTexts: FeatureTexts = featureTexts('unlockRecords');

/** True once the 'stays' texts are loaded: the room detail shows the stays' panels without the stays' pages. */
export const useStaysTexts = (): boolean => useFeatureTexts(staysTexts);

/** True once the 'cardService' texts are loaded: every page shows the reader's status and selector. */
export const useCardServiceTexts = (): boolean => useFeatureTexts(cardServiceTexts);
