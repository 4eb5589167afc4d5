import { addCardStepTwoNew, type Card, sendCard } from '../../api/cards.ts';
import { currentStayOf } from '../../api/equipment.ts';
import type { writeCard } from '../../cardService/operations.ts';
import type { CardReader, WriteProgress } from '../../cardService/types.ts';

/** How one room's card ended. */
export type IssueResult =
  | { room_id: number; outcome: 'issued'; card_id: string }
  | { room_id: number; outcome: 'noStay' }
  | { room_id: number; outcome: 'failed'; error: unknown }
  | { room_id: number; outcome: 'skipped' };

export interface IssueDeps {
  write: typeof writeCard;
  stayOf: typeof currentStayOf;
  plan: typeof sendCard;
  confirm: typeof addCardStepTwoNew;
}

export const ISSUE_DEPS: IssueDeps = {
  write: (...args) => import('../../cardService/operations.ts').then((m) => m.writeCard(...args)),
  stayOf: currentStayOf,
  plan: sendCard,
  confirm: addCardStepTwoNew,
};

/**
 * Writes the guest card of a room's current stay on the card in the remote reader: the server's plan for the stay
 * (`room/sendCard`), written and read back by the card service, confirmed (`room/addCardStepTwoNew`) only when it
 * read back as written. A room nobody stays in gets no card.
 */
export async function issueRoomCard(
  reader: CardReader,
  roomId: number,
  options: { unsubscribeOld: boolean; signal?: AbortSignal; onStep?: (p: WriteProgress) => void },
  deps: IssueDeps = ISSUE_DEPS,
): Promise<IssueResult> {
  const stay = await deps.stayOf(roomId);
  if (!stay) return { room_id: roomId, outcome: 'noStay' };
  let cardUid = '';
  const card = (await deps.write(reader, {
    allocate: (uid: string) => {
      cardUid = uid;
      return deps.plan({ stay_id: stay.stay_id, uid, unsubscribe_old: options.unsubscribeOld ? 1 : 0 });
    },
    confirm: (plan, blocks) => deps.confirm({ id: plan.id, uid: plan.uid || cardUid, blocks }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onStep ? { onStep: options.onStep } : {}),
  })) as Card | null;
  return { room_id: roomId, outcome: 'issued', card_id: card?.card_id ?? '' };
}
