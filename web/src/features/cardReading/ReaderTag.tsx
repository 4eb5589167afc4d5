import { ReaderStatus } from '../../cardService/ReaderStatus.tsx';

/** The reader in use on the card pages: the card service's status tag, with a button to ask the reader again. */
export function ReaderTag() {
  return <ReaderStatus refreshable />;
}
