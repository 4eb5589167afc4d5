import { textsNamed } from '../../i18n/feature.ts';
import { WithTexts } from '../WithTexts.tsx';
import { GuestCardWriter, type StayForCard } from './GuestCardWriter.tsx';

// The cards feature's words, which this part shows on other features' pages too.
const cardsTexts = textsNamed('cards');

/** The guest card writer with its own texts, for pages of other features (the check-in page's card kind). */
export default function EmbeddedCardWriter({ stay }: { stay: StayForCard }) {
  return (
    <WithTexts texts={[cardsTexts]}>
      <GuestCardWriter stay={stay} />
    </WithTexts>
  );
}
