import { cardsTexts } from '../../i18n/namespaces.ts';
import { WithTexts } from '../WithTexts.tsx';
import { GuestCardWriter, type StayForCard } from './GuestCardWriter.tsx';

/** The guest card writer with its own texts, for pages of other features (the check-in page's card kind). */
export default function EmbeddedCardWriter({ stay }: { stay: StayForCard }) {
  return (
    <WithTexts texts={[cardsTexts]}>
      <GuestCardWriter stay={stay} />
    </WithTexts>
  );
}
