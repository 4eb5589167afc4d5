/**
 * Words that the console's pages and the server's exports both show (an unlock's type and result, the card kinds,
 * the lock's refusals, a stay's status): written once per language, beside the error catalogue, so an exported
 * file reads exactly like the page it came from. Each language's table is in its own file (`<lang>Words`), so the
 * console loads one language's words at a time through the `./i18n/*` subpath.
 */
export interface SharedWords {
  /** How a door was opened (an unlock record's `type`). */
  readonly unlockTypes: {
    readonly card: string;
    readonly password: string;
    readonly face: string;
    readonly fingerprint: string;
  };
  /** Whether the lock opened. */
  readonly unlockResults: { readonly open: string; readonly deny: string };
  /** The card kinds, named as the lock reports them (`masterCard` … `superCard`). */
  readonly cardKinds: {
    readonly masterCard: string;
    readonly buildingCard: string;
    readonly floorCard: string;
    readonly guestCard: string;
    readonly universalCard: string;
    readonly superCard: string;
  };
  /** The lock's reasons for refusing that read the same on the page and in the file. */
  readonly refusals: {
    readonly unsignedCard: string;
    readonly deleted: string;
    readonly superseded: string;
    readonly expired: string;
    readonly passwordUnknown: string;
    readonly faceUnknown: string;
    readonly fingerUnknown: string;
  };
  /** A stay's status, where the page and the file say it alike. */
  readonly stayStatus: { readonly reserved: string; readonly cancelled: string };
}
