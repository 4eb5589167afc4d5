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

export type CardStatus = 'pending' | 'issued' | 'withdrawn' | 'deleted';
export const CARD_STATUSES: readonly CardStatus[] = ['pending', 'issued', 'withdrawn', 'deleted'];
export type LockSync = 'none' | 'pending' | 'done';
/** Card types (spec §3): 1 master, 2 building, 3 floor, 4 normal, 5 universal, 6 super. */
export type CardType = 1 | 2 | 3 | 4 | 5 | 6;
export const CARD_TYPES: readonly CardType[] = [1, 2, 3, 4, 5, 6];

/** A card as every card call answers it (contract B 'A card'); times in seconds. */
export interface Card {
  id: number;
  /** The card number. */
  card_id: string;
  type: CardType;
  type_name: string;
  note: string;
  status: CardStatus;
  room_id: number | null;
  room_name: string | null;
  stay_id: number | null;
  building: number | null;
  floor: number | null;
  mac_id: string | null;
  start_time: number;
  end_time: number;
  uid: string | null;
  encrypted: boolean;
  unsubscribe_old: boolean;
  access_controls: number[];
  issued_by_name: string;
  issued_at: number | null;
  lock_sync: LockSync;
  /** A newer card with 'unsubscribe old card' made this one stop opening. */
  superseded?: boolean;
  /** Universal cards: the locks it opens (empty: all). */
  room_ids?: number[];
  /** Written into the card: who issued it. */
  issuer_role?: 'main' | 'secondary' | 'staff';
  /** The card whose number this one took over (/card/setTime). */
  replaces_id?: number | null;
}

/** One block write of a plan: authenticate `block`'s sector with key A `key`, write 32 hex `data`. */
export interface WriteStep {
  block: number;
  key: string;
  keyType: 'A';
  data: string;
}

/** One block to read back after a write, with the key it must now open with, and what it must hold. */
export interface VerifyStep {
  block: number;
  key: string;
  data: string;
}

/** Step one of every card write (contract B 'The write plan'). */
export interface WritePlan {
  /** The card record (status 'pending'); 0 for an encryption plan of a card the hotel does not know. */
  id: number;
  card_id: string;
  uid: string;
  writes: WriteStep[];
  verify: VerifyStep[];
  /** Seconds; the plan must be confirmed before. */
  expires_at: number;
  card: Card | null;
}

/**
 * Step one of an encryption or decryption (`room/sendCardEncryption`): no card number and no expiry, unlike a card
 * write plan; `id` is the card record when the UID is a known card, else 0.
 */
export interface EncryptionPlan {
  id: number;
  uid: string;
  decrypt: boolean;
  /** The sectors that carry the card's diversified keys afterwards ([] when decrypting). */
  sectors: number[];
  writes: WriteStep[];
  verify: VerifyStep[];
  card: Card | null;
}

/**
 * What `room/sendCardEncryptionSyntony` and `room/sendCardDecodeSyntony` answer (server/API.md §8.5): the keys the
 * card `uid` now carries — not a card. `id` is its newest record, 0 for a card the hotel does not know.
 */
export interface KeyChange {
  id: number;
  uid: string;
  encrypted: boolean;
  sectors: number[];
}

/** Blocks read back from the card: block number (as text) → 32 hex. */
export type ReadBlocks = Record<string, string>;

export interface CardListFilters {
  type?: CardType | undefined;
  status?: CardStatus | undefined;
  room_id?: number | undefined;
  stay_id?: number | undefined;
  keyword?: string | undefined;
  page: number;
  limit?: number;
}

export interface CardCounts {
  total: number;
  issued: number;
  byType: Partial<Record<'1' | '2' | '3' | '4' | '5' | '6', number>>;
  pending_sync: number;
}

/** `room/getCheckData`: per sector 1–15 the key that reads THIS card. */
export interface CheckData {
  uid?: string;
  keys: Record<string, string>;
  /** The sectors this card carries diversified keys in. */
  encrypted_sectors: number[];
  /** The sectors the hotel encrypts. */
  hotel_encrypted_sectors?: number[];
}

export type CardCheckReason =
  | 'ok'
  | 'tampered'
  | 'copied'
  | 'unsigned'
  | 'external'
  | 'unknown'
  | 'withdrawn'
  | 'deleted'
  | 'expired';

export interface CardCheck {
  valid: boolean;
  reason: CardCheckReason;
  card: Card | null;
}

export interface CardFunction {
  /** 1 master, 2 building, 3 floor; 0 when the card is not a function card of the hotel. */
  type: 0 | 1 | 2 | 3;
  mobile: string;
}

export interface CardRoomRecord {
  manage_id: number;
  room_id: number;
  room_name: string;
  mac_id: string;
  start_time: number;
  end_time: number;
  other_information: string;
  card_status: Exclude<CardStatus, 'pending'>;
}

export interface AccessControlRoom {
  room_id: number;
  name: string;
  mac_id: string;
}

export interface CardSyncData {
  room_id: number;
  deleted: string[];
  universal: string[];
  access: string[];
  pending: number;
}

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

export interface GuestCardInput {
  stay_id: number;
  uid: string;
  /** 1: older cards of the stay stop opening the lock once this one is issued. */
  unsubscribe_old?: 0 | 1;
}

/** The write plan of a guest (normal) card of a stay (`room/sendCard`). */
export function sendCard({ uid, ...rest }: GuestCardInput): Promise<WritePlan> {
  return callManage<WritePlan>('room/sendCard', definedFields({ ...rest, card_uid: uid }));
}

export interface FunctionCardInput {
  type: 1 | 2 | 3;
  uid: string;
  end_time: number;
  start_time?: number;
  building?: number;
  floor?: number;
  note?: string;
  access_controls?: number[];
  unsubscribe_old?: 0 | 1;
  replace_id?: number;
}

/** The write plan of a master, building or floor card (`room/cardAdd`). */
export function cardAdd({ uid, ...rest }: FunctionCardInput): Promise<WritePlan> {
  return callManage<WritePlan>('room/cardAdd', definedFields({ ...rest, card_uid: uid }));
}

export interface ManagerCardInput {
  type: 5 | 6;
  uid: string;
  end_time: number;
  start_time?: number;
  note?: string;
  /** The locks a universal card opens; empty or absent: all. */
  room_ids?: number[];
  replace_id?: number;
}

/** The write plan of a universal or super card (`lock/managerAddNew`). */
export function managerAddNew({ uid, ...rest }: ManagerCardInput): Promise<WritePlan> {
  return callManage<WritePlan>('lock/managerAddNew', definedFields({ ...rest, card_uid: uid }));
}

/** Confirms a written and read-back card (`room/addCardStepTwoNew`): only now is it 'issued'. */
export function addCardStepTwoNew({
  uid,
  ...rest
}: {
  id: number;
  uid: string;
  blocks: ReadBlocks;
}): Promise<Card> {
  return callManage<Card>('room/addCardStepTwoNew', { ...rest, card_uid: uid });
}

/** The plan that encrypts (or, with decrypt 1, decrypts) the card on the encoder (`room/sendCardEncryption`). */
export function sendCardEncryption({
  uid,
  ...rest
}: {
  uid: string;
  decrypt?: 0 | 1;
}): Promise<EncryptionPlan> {
  return callManage<EncryptionPlan>('room/sendCardEncryption', definedFields({ ...rest, card_uid: uid }));
}

/** Confirms an encryption: the blocks read with the card's new keys (`room/sendCardEncryptionSyntony`). */
export function sendCardEncryptionSyntony({
  uid,
  blocks,
}: {
  uid: string;
  blocks: ReadBlocks;
}): Promise<KeyChange> {
  return callManage<KeyChange>('room/sendCardEncryptionSyntony', { card_uid: uid, blocks });
}

/**
 * Confirms a decryption, or an erase that gave an encrypted card its transport keys back: the blocks the change
 * proves, read with transport keys (`room/sendCardDecodeSyntony`).
 */
export function sendCardDecodeSyntony({
  uid,
  blocks,
}: {
  uid: string;
  blocks: ReadBlocks;
}): Promise<KeyChange> {
  return callManage<KeyChange>('room/sendCardDecodeSyntony', { card_uid: uid, blocks });
}

/** The keys that read THIS card (`room/getCheckData`). */
export function getCheckData(uid: string): Promise<CheckData> {
  return callManage<CheckData>('room/getCheckData', { card_uid: uid });
}

/** The server's verdict on a card read from the encoder (`room/sendCardCheck`). */
export function sendCardCheck({ uid, blocks }: { uid: string; blocks: ReadBlocks }): Promise<CardCheck> {
  return callManage<CardCheck>('room/sendCardCheck', { card_uid: uid, blocks });
}

/** The administrator's mobile of a function card (`passenger/getCardFunction`). */
export function getCardFunction(cardNum: string): Promise<CardFunction> {
  return callManage<CardFunction>('passenger/getCardFunction', { card_num: cardNum });
}

/** The stays a card number was issued for (`passenger/getRoomInfo`). */
export function getRoomInfo(cardNum: string): Promise<{ list: CardRoomRecord[] }> {
  return callManage<{ list: CardRoomRecord[] }>('passenger/getRoomInfo', { card_num: cardNum });
}

// ---- reads -------------------------------------------------------------------------------------------------

/** A page of the hotel's cards, filtered (`room/cardList`). */
export function useCardList(filters: CardListFilters, enabled = true): UseQueryResult<Page<Card>> {
  return usePage(cardsKeys.list(filters), 'room/cardList', { limit: 10, ...filters }, { enabled });
}

/** The cards of a stay (issued, withdrawn, deleted; several per stay), newest first. */
export function useStayCards(stayId: number | undefined, page = 1): UseQueryResult<Page<Card>> {
  return useCardList({ stay_id: stayId ?? 0, page, limit: 20 }, !!stayId);
}

/** How many cards the hotel has, by type, and how many still wait for a lock's Bluetooth sync. */
export function useCardCounts(): UseQueryResult<CardCounts> {
  return useQuery({
    queryKey: cardsKeys.counts(),
    queryFn: () => callManage<CardCounts>('room/getUserCardNum'),
  });
}

/** Universal and super cards (`lock/managerList`). */
export function useManagerCards(
  type: 5 | 6 | undefined,
  page: number,
  limit = 10,
): UseQueryResult<Page<Card>> {
  return usePage(cardsKeys.managers(type, page, limit), 'lock/managerList', { type, page, limit });
}

/** The cards that open a room's lock, each with its sync state (`lock/noteCardList`). */
export function useLockCards(roomId: number): UseQueryResult<{ room_id: number; list: Card[] }> {
  return useQuery({
    queryKey: cardsKeys.lockCards(roomId),
    queryFn: () => callManage<{ room_id: number; list: Card[] }>('lock/noteCardList', { room_id: roomId }),
    enabled: roomId > 0,
  });
}

/** What a room's lock still has to learn by Bluetooth (`room/manageCardSyncDataList`). */
export function useCardSyncData(roomId: number): UseQueryResult<CardSyncData> {
  return useQuery({
    queryKey: cardsKeys.sync(roomId),
    queryFn: () => callManage<CardSyncData>('room/manageCardSyncDataList', { room_id: roomId }),
    enabled: roomId > 0,
  });
}

/** Rooms that are access controls (`lock/accessControlList`): what a card may name, at most 3. */
export function useAccessControls(): UseQueryResult<AccessControlRoom[]> {
  return useQuery({
    queryKey: cardsKeys.accessControls(),
    queryFn: async () => {
      const answer = await callManage<AccessControlRoom[] | { list: AccessControlRoom[] }>(
        'lock/accessControlList',
      );
      return Array.isArray(answer) ? answer : (answer?.list ?? []);
    },
    staleTime: 60_000,
  });
}

/** The keys that read a card (`room/getCheckData`), while `uid` is set. */
export function useCheckData(uid: string | undefined): UseQueryResult<CheckData> {
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
export function useConfirmCard(): UseMutationResult<
  Card,
  Error,
  { id: number; uid: string; blocks: ReadBlocks }
> {
  const client = useQueryClient();
  return useMutation({ mutationFn: addCardStepTwoNew, onSuccess: () => invalidateCards(client) });
}

/** A card's note (`room/addCardMark`, at most 64 characters); invalidates cards. */
export function useCardNote(): UseMutationResult<Card, Error, { id: number; note: string }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; note: string }) => callManage<Card>('room/addCardMark', input),
    onSuccess: () => client.invalidateQueries({ queryKey: cardsKeys.all }),
  });
}

export interface DeletedCard {
  id: number;
  status: 'deleted';
  lock_sync: LockSync;
}

/** Deletes a card (`room/delcard`): the locks learn it at their next Bluetooth unlock. Invalidates cards, rooms,
 * stays. */
export function useDeleteCard(): UseMutationResult<DeletedCard, Error, { id: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => callManage<DeletedCard>('room/delcard', input),
    onSuccess: () => invalidateCards(client),
  });
}

export interface WithdrawnCard {
  id: number;
  status: 'withdrawn';
  /** The locks it opened learn the withdrawal at their next Bluetooth unlock. */
  lock_sync: LockSync;
  /** The plan that empties the card, for when it is on the encoder; null when there is nothing to erase. */
  erase: WriteStep[] | null;
}

/** Withdraws a card the guest returned (`passenger/deleteCardByCardId`, by card number). Invalidates cards, rooms,
 * stays. */
export function useWithdrawCard(): UseMutationResult<WithdrawnCard, Error, { card_id: string }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { card_id: string }) =>
      callManage<WithdrawnCard>('passenger/deleteCardByCardId', input),
    onSuccess: () => invalidateCards(client),
  });
}

/** Deletes a universal or super card (`lock/managerDelete`); invalidates cards. */
export function useManagerDelete(): UseMutationResult<DeletedCard, Error, { id: number }> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => callManage<DeletedCard>('lock/managerDelete', input),
    onSuccess: () => invalidateCards(client),
  });
}

/** Step one of an encryption or decryption (a plan; nothing changes until confirmed). */
export function useSendCardEncryption(): UseMutationResult<
  EncryptionPlan,
  Error,
  { uid: string; decrypt?: 0 | 1 }
> {
  return useMutation({ mutationFn: sendCardEncryption });
}

/** Confirms an encryption; invalidates cards. */
export function useConfirmEncryption(): UseMutationResult<
  KeyChange,
  Error,
  { uid: string; blocks: ReadBlocks }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendCardEncryptionSyntony,
    onSuccess: () => client.invalidateQueries({ queryKey: cardsKeys.all }),
  });
}

/** Confirms a decryption; invalidates cards. */
export function useConfirmDecryption(): UseMutationResult<
  KeyChange,
  Error,
  { uid: string; blocks: ReadBlocks }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendCardDecodeSyntony,
    onSuccess: () => client.invalidateQueries({ queryKey: cardsKeys.all }),
  });
}

/** The server's verdict on a read card (no cache change). */
export function useCardCheck(): UseMutationResult<CardCheck, Error, { uid: string; blocks: ReadBlocks }> {
  return useMutation({ mutationFn: sendCardCheck });
}

/** Marks what a room's lock had to learn as learned (`room/resetCardSyncData`); invalidates cards and rooms. */
export function useResetCardSync(): UseMutationResult<
  { room_id: number; synced: number },
  Error,
  { room_id: number }
> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { room_id: number }) =>
      callManage<{ room_id: number; synced: number }>('room/resetCardSyncData', input),
    onSuccess: () => invalidateCards(client),
  });
}
