import {
  type AccessControlRoom,
  type CardCounts,
  type CardFunction,
  type CardReadKeys,
  type CardRoomRecord,
  type CardSyncData,
  type CardTypeCode,
  type CardVerdict,
  cardCalls,
  cardEncryptionCalls,
  type DeletedCard,
  type EncryptionPlan,
  type InputOf,
  type KeyCard,
  type KeyCardStatus,
  type KeyChange,
  type WithdrawnCard,
  type WritePlan,
} from '@lockdesk/protocol';
import {
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callManage } from './client.ts';
import { definedFields, type Page, usePage } from './lists.ts';

/**
 * Every call of contract B 'Cards' (server/API.md §8) as react-query hooks, for this feature's pages and every
 * other card page (the card reading flow, special cards, encryption). Pages never call axios. A card write is two
 * calls around the encoder: step one answers a write plan (the card record is 'pending'), the card service writes
 * and reads it back, and only the confirmation makes the card 'issued'. Every mutation names the keys it
 * invalidates beside it: this feature's ('cards'), the room list and detail ('rooms') and the stays ('stays').
 * A card's UID goes on the wire as `card_uid` (a body's `uid` is the caller's account, spec §7); the functions
 * here take it as `uid`.
 */

// The card and every answer of the card calls as the server gives them: declared with the contracts
// (protocol/src/calls/cards.ts, card-encryption.ts).
export type {
  AccessControlRoom,
  CardCheckReason,
  CardCounts,
  CardFunction,
  CardReadKeys as CheckData,
  CardRoomRecord,
  CardSyncData,
  CardVerdict as CardCheck,
  DeletedCard,
  EncryptionPlan,
  KeyCard as Card,
  KeyChange,
  LockSync,
  VerifyStep,
  WithdrawnCard,
  WritePlan,
  WriteStep,
} from '@lockdesk/protocol';

/** The card statuses the console lists and filters by (a 'void' plan is support's, not the desk's). */
export type CardStatus = Exclude<KeyCardStatus, 'void'>;
export const CARD_STATUSES: readonly CardStatus[] = ['pending', 'issued', 'withdrawn', 'deleted'];
/** Card types (spec §3): 1 master, 2 building, 3 floor, 4 normal, 5 universal, 6 super. */
export type CardType = CardTypeCode;
export const CARD_TYPES: readonly CardType[] = [1, 2, 3, 4, 5, 6];

/** Blocks read back from the card: block number (as text) → 32 hex. */
export type ReadBlocks = Record<string, string>;

/** The filters of the card list (room/cardList's fields). */
export type CardListFilters = Omit<InputOf<typeof cardCalls.list>, 'page' | 'status'> & {
  status?: CardStatus | undefined;
  page: number;
};

export const cardsKeys = {
  all: ['cards'] as const,
  lists: () => [...cardsKeys.all, 'list'] as const,
  list: (filters: CardListFilters) => [...cardsKeys.lists(), filters] as const,
  counts: () => [...cardsKeys.all, 'counts'] as const,
  managers: (type: 5 | 6 | undefined, page: number, limit: number) =>
    [...cardsKeys.all, 'managers', type ?? 'all', page, limit] as const,
  lockCards: (roomId: number) => [...cardsKeys.all, 'lock', roomId] as const,
  sync: (roomId: number) => [...cardsKeys.all, 'sync', roomId] as const,
  accessControls: () => [...cardsKeys.all, 'accessControls'] as const,
  checkData: (uid: string) => [...cardsKeys.all, 'checkData', uid] as const,
  cardFunction: (cardNum: string) => [...cardsKeys.all, 'function', cardNum] as const,
  roomInfo: (cardNum: string) => [...cardsKeys.all, 'roomInfo', cardNum] as const,
};

/** The rooms feature's keys (room list, detail) and the stays feature's keys start with these. */
const ROOMS_PREFIX = ['rooms'] as const;
const STAYS_PREFIX = ['stays'] as const;

/** After a card changes: every card list and count, the rooms (a room's card count, its lock's sync state) and
 * the stays (a stay's cards). */
export function invalidateCards(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: cardsKeys.all }),
    client.invalidateQueries({ queryKey: ROOMS_PREFIX }),
    client.invalidateQueries({ queryKey: STAYS_PREFIX }),
  ]);
}

// ---- write plans (step one) and confirmations: plain functions, for the card service's allocate/confirm -------

/** A call's fields with the card's UID as `uid` (sent as `card_uid`). */
type WithUid<C> = Omit<InputOf<C>, 'card_uid'> & { uid: string };

/** A guest card of a stay; `unsubscribe_old` 1: older cards of the stay stop opening the lock once it is issued. */
export type GuestCardInput = WithUid<typeof cardCalls.planGuestCard>;

/** The write plan of a guest (normal) card of a stay (`room/sendCard`). */
export function sendCard({ uid, ...rest }: GuestCardInput): Promise<WritePlan> {
  return callManage(cardCalls.planGuestCard, definedFields({ ...rest, card_uid: uid }));
}

/** A master, building or floor card. */
export type FunctionCardInput = WithUid<typeof cardCalls.planFunctionCard>;

/** The write plan of a master, building or floor card (`room/cardAdd`). */
export function cardAdd({ uid, ...rest }: FunctionCardInput): Promise<WritePlan> {
  return callManage(cardCalls.planFunctionCard, definedFields({ ...rest, card_uid: uid }));
}

/** A universal or super card; `room_ids`: the locks a universal card opens (empty or absent: all). */
export type ManagerCardInput = WithUid<typeof cardCalls.planManagerCard>;

/** The write plan of a universal or super card (`lock/managerAddNew`). */
export function managerAddNew({ uid, ...rest }: ManagerCardInput): Promise<WritePlan> {
  return callManage(cardCalls.planManagerCard, definedFields({ ...rest, card_uid: uid }));
}

/** The read-back of a written card: the plan's record, the card's UID and the blocks read. */
export type ConfirmCardInput = WithUid<typeof cardCalls.confirmCard> & { blocks: ReadBlocks };

/** Confirms a written and read-back card (`room/addCardStepTwoNew`): only now is it 'issued'. */
export function addCardStepTwoNew({ uid, ...rest }: ConfirmCardInput): Promise<KeyCard> {
  return callManage(cardCalls.confirmCard, { ...rest, card_uid: uid });
}

/** The card on the encoder to (de)encrypt: `decrypt` 1 gives it transport keys back. */
export type KeyChangeInput = WithUid<typeof cardEncryptionCalls.planKeyChange>;

/** The plan that encrypts (or, with decrypt 1, decrypts) the card on the encoder (`room/sendCardEncryption`). */
export function sendCardEncryption({ uid, ...rest }: KeyChangeInput): Promise<EncryptionPlan> {
  return callManage(cardEncryptionCalls.planKeyChange, definedFields({ ...rest, card_uid: uid }));
}

/** The blocks a (de)encryption proves, read from the card `uid`. */
export type KeyChangeReadBack = WithUid<typeof cardEncryptionCalls.confirmEncryption> & {
  blocks: ReadBlocks;
};

/** Confirms an encryption: the blocks read with the card's new keys (`room/sendCardEncryptionSyntony`). */
export function sendCardEncryptionSyntony({ uid, blocks }: KeyChangeReadBack): Promise<KeyChange> {
  return callManage(cardEncryptionCalls.confirmEncryption, { card_uid: uid, blocks });
}

/**
 * Confirms a decryption, or an erase that gave an encrypted card its transport keys back: the blocks the change
 * proves, read with transport keys (`room/sendCardDecodeSyntony`).
 */
export function sendCardDecodeSyntony({ uid, blocks }: KeyChangeReadBack): Promise<KeyChange> {
  return callManage(cardEncryptionCalls.confirmDecryption, { card_uid: uid, blocks });
}

/** The keys that read THIS card (`room/getCheckData`). */
export function getCheckData(uid: string): Promise<CardReadKeys> {
  return callManage(cardEncryptionCalls.checkData, { card_uid: uid });
}

/** The server's verdict on a card read from the encoder (`room/sendCardCheck`). */
export function sendCardCheck({ uid, blocks }: KeyChangeReadBack): Promise<CardVerdict> {
  return callManage(cardEncryptionCalls.checkCard, { card_uid: uid, blocks });
}

/** The administrator's mobile of a function card (`passenger/getCardFunction`). */
export function getCardFunction(cardNum: string): Promise<CardFunction> {
  return callManage(cardCalls.cardFunction, { card_num: cardNum });
}

/** The stays a card number was issued for (`passenger/getRoomInfo`). */
export function getRoomInfo(cardNum: string): Promise<{ list: CardRoomRecord[] }> {
  return callManage(cardCalls.cardStays, { card_num: cardNum });
}

// ---- reads -------------------------------------------------------------------------------------------------

/** A page of the hotel's cards, filtered (`room/cardList`). */
export function useCardList(filters: CardListFilters, enabled = true): UseQueryResult<Page<KeyCard>> {
  return usePage(cardsKeys.list(filters), cardCalls.list, { limit: 10, ...filters }, { enabled });
}

/** The cards of a stay (issued, withdrawn, deleted; several per stay), newest first. */
export function useStayCards(stayId: number | undefined, page = 1): UseQueryResult<Page<KeyCard>> {
  return useCardList({ stay_id: stayId ?? 0, page, limit: 20 }, !!stayId);
}

/** How many cards the hotel has, by type, and how many still wait for a lock's Bluetooth sync. */
export function useCardCounts(): UseQueryResult<CardCounts> {
  return useQuery({
    queryKey: cardsKeys.counts(),
    queryFn: () => callManage(cardCalls.counts, {}),
  });
}

/** Universal and super cards (`lock/managerList`). */
export function useManagerCards(
  type: 5 | 6 | undefined,
  page: number,
  limit = 10,
): UseQueryResult<Page<KeyCard>> {
  return usePage(cardsKeys.managers(type, page, limit), cardCalls.managerList, { type, page, limit });
}

/** The cards that open a room's lock, each with its sync state (`lock/noteCardList`). */
export function useLockCards(roomId: number): UseQueryResult<{ room_id: number; list: KeyCard[] }> {
  return useQuery({
    queryKey: cardsKeys.lockCards(roomId),
    queryFn: () => callManage(cardCalls.lockCards, { room_id: roomId }),
    enabled: roomId > 0,
  });
}

/** What a room's lock still has to learn by Bluetooth (`room/manageCardSyncDataList`). */
export function useCardSyncData(roomId: number): UseQueryResult<CardSyncData> {
  return useQuery({
    queryKey: cardsKeys.sync(roomId),
    queryFn: () => callManage(cardCalls.lockSyncData, { room_id: roomId }),
    enabled: roomId > 0,
  });
}

/** Rooms that are access controls (`lock/accessControlList`): what a card may name, at most 3. */
export function useAccessControls(): UseQueryResult<AccessControlRoom[]> {
  return useQuery({
    queryKey: cardsKeys.accessControls(),
    queryFn: async () => {
      // A bare list is read as well as the server's { list }.
      const answer: AccessControlRoom[] | { list: AccessControlRoom[] } = await callManage(
        cardCalls.accessControlList,
        {},
      );
      return Array.isArray(answer) ? answer : (answer?.list ?? []);
    },
    staleTime: 60_000,
  });
}

/** The keys that read a card (`room/getCheckData`), while `uid` is set. */
export function useCheckData(uid: string | undefined): UseQueryResult<CardReadKeys> {
  return useQuery({
    queryKey: cardsKeys.checkData(uid ?? ''),
    queryFn: () => getCheckData(uid ?? ''),
    enabled: !!uid,
    staleTime: 0,
    gcTime: 0,
  });
}

/** A function card's administrator (`passenger/getCardFunction`), while `cardNum` is set. */
export function useCardFunction(cardNum: string | undefined): UseQueryResult<CardFunction> {
  return useQuery({
    queryKey: cardsKeys.cardFunction(cardNum ?? ''),
    queryFn: () => getCardFunction(cardNum ?? ''),
    enabled: !!cardNum,
    staleTime: 0,
  });
}

/** The stays of a card number (`passenger/getRoomInfo`), while `cardNum` is set. */
export function useCardRoomInfo(cardNum: string | undefined): UseQueryResult<{ list: CardRoomRecord[] }> {
  return useQuery({
    queryKey: cardsKeys.roomInfo(cardNum ?? ''),
    queryFn: () => getRoomInfo(cardNum ?? ''),
    enabled: !!cardNum,
    staleTime: 0,
  });
}

// ---- writes ------------------------------------------------------------------------------------------------

/** Step one of a guest card (a pending record, nothing to invalidate until it is confirmed). */
export function useSendCard(): UseMutationResult<WritePlan, Error, GuestCardInput> {
  return useMutation({ mutationFn: sendCard });
}

/** Step one of a master, building or floor card. */
export function useCardAdd(): UseMutationResult<WritePlan, Error, FunctionCardInput> {
  return useMutation({ mutationFn: cardAdd });
}

/** Step one of a universal or super card. */
export function useManagerAddNew(): UseMutationResult<WritePlan, Error, ManagerCardInput> {
  return useMutation({ mutationFn: managerAddNew });
}

/** Confirms a written card; invalidates cards, rooms and stays (the card is now issued). */
export function useConfirmCard(): UseMutationResult<KeyCard, Error, ConfirmCardInput> {
  const client = useQueryClient();
  return useMutation({ mutationFn: addCardStepTwoNew, onSuccess: () => invalidateCards(client) });
}

type NoteInput = InputOf<typeof cardCalls.noteCard>;

/** A card's note (`room/addCardMark`, at most 64 characters); invalidates cards. */
export function useCardNote(): UseMutationResult<KeyCard, Error, NoteInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NoteInput) => callManage(cardCalls.noteCard, input),
    onSuccess: () => client.invalidateQueries({ queryKey: cardsKeys.all }),
  });
}

type CardIdInput = InputOf<typeof cardCalls.deleteCard>;

/** Deletes a card (`room/delcard`): the locks learn it at their next Bluetooth unlock. Invalidates cards, rooms,
 * stays. */
export function useDeleteCard(): UseMutationResult<DeletedCard, Error, CardIdInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CardIdInput) => callManage(cardCalls.deleteCard, input),
    onSuccess: () => invalidateCards(client),
  });
}

type WithdrawInput = InputOf<typeof cardCalls.withdrawCard>;

/** Withdraws a card the guest returned (`passenger/deleteCardByCardId`, by card number). Invalidates cards, rooms,
 * stays. */
export function useWithdrawCard(): UseMutationResult<WithdrawnCard, Error, WithdrawInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawInput) => callManage(cardCalls.withdrawCard, input),
    onSuccess: () => invalidateCards(client),
  });
}

/** Deletes a universal or super card (`lock/managerDelete`); invalidates cards. */
export function useManagerDelete(): UseMutationResult<DeletedCard, Error, CardIdInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CardIdInput) => callManage(cardCalls.deleteManagerCard, input),
    onSuccess: () => invalidateCards(client),
  });
}

/** Step one of an encryption or decryption (a plan; nothing changes until confirmed). */
export function useSendCardEncryption(): UseMutationResult<EncryptionPlan, Error, KeyChangeInput> {
  return useMutation({ mutationFn: sendCardEncryption });
}

/** Confirms an encryption; invalidates cards. */
export function useConfirmEncryption(): UseMutationResult<KeyChange, Error, KeyChangeReadBack> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendCardEncryptionSyntony,
    onSuccess: () => client.invalidateQueries({ queryKey: cardsKeys.all }),
  });
}

/** Confirms a decryption; invalidates cards. */
export function useConfirmDecryption(): UseMutationResult<KeyChange, Error, KeyChangeReadBack> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendCardDecodeSyntony,
    onSuccess: () => client.invalidateQueries({ queryKey: cardsKeys.all }),
  });
}

/** The server's verdict on a read card (no cache change). */
export function useCardCheck(): UseMutationResult<CardVerdict, Error, KeyChangeReadBack> {
  return useMutation({ mutationFn: sendCardCheck });
}

type RoomLockInput = InputOf<typeof cardCalls.resetLockSync>;

/** Marks what a room's lock had to learn as learned (`room/resetCardSyncData`); invalidates cards and rooms. */
export function useResetCardSync(): UseMutationResult<
  { room_id: number; synced: number },
  Error,
  RoomLockInput
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RoomLockInput) => callManage(cardCalls.resetLockSync, input),
    onSuccess: () => invalidateCards(client),
  });
}
