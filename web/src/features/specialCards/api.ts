import {
  type CardPage,
  type CpuCard,
  cardCalls,
  cpuCardCalls,
  type Dispenser,
  dispenserCalls,
  type InputOf,
} from '@lockdesk/protocol';
import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  addCardStepTwoNew,
  type Card,
  type CardType,
  cardAdd,
  cardsKeys,
  type FunctionCardInput,
  type ManagerCardInput,
  managerAddNew,
  type WritePlan,
} from '../../api/cards.ts';
import { callManage } from '../../api/client.ts';
import { definedFields } from '../../api/lists.ts';

/**
 * The special-card pages' own calls as react-query hooks: the CPU cards (lockCardCpu/*, contract B 'CPU'), the
 * dispensers a CPU card is sent through, and one card found for /card/setTime. Every other card call is a hook
 * of the shared card api (features/cards/api.ts). Pages never call axios.
 */

export type { Card as SpecialCard } from '../../api/cards.ts';

export const specialCardKeys = {
  one: (id: number) => [...cardsKeys.all, 'one', id] as const,
  cpu: (params: CpuListParams) => ['cpuCards', 'list', params] as const,
  dispensers: () => ['cpuCards', 'dispensers'] as const,
};

/**
 * One card of the hotel by its record id and type, for /card/setTime: the list call filtered by its type and card
 * number (the server has no single-card call), the row with that id.
 */
export function useSpecialCard(
  id: number | undefined,
  type: CardType | undefined,
  cardNumber: string | undefined,
): UseQueryResult<Card | null> {
  return useQuery({
    queryKey: specialCardKeys.one(id ?? 0),
    enabled: id !== undefined && type !== undefined,
    queryFn: async () => {
      const answer = await callManage(cardCalls.list, {
        ...definedFields({ type, keyword: cardNumber, status: 'issued' }),
        page: 1,
        limit: 100,
      });
      return answer.list.find((c) => c.id === id) ?? null;
    },
  });
}

// ---- the two steps of a special card's write (the card service runs them around the encoder) ----

/**
 * What the issue form asks for once the card is on the encoder (its UID comes from the encoder): the fields of
 * room/cardAdd and lock/managerAddNew, by type.
 */
export type IssueRequest = Omit<FunctionCardInput, 'uid' | 'type'> &
  Omit<ManagerCardInput, 'uid' | 'type'> & { type: FunctionCardInput['type'] | ManagerCardInput['type'] };

/**
 * Step one for the card `cardUid`: room/cardAdd for master, building and floor cards, lock/managerAddNew for
 * universal and super cards (the shared card api's functions, which send the UID as `card_uid`); the answer is the
 * write plan.
 */
export function allocateSpecialCard(request: IssueRequest, cardUid: string): Promise<WritePlan> {
  const { building, floor, access_controls, room_ids, type, ...common } = request;
  if (type === 5 || type === 6) {
    // 'Unsubscribe old card' applies to universal and super cards too (spec §4 'Cards'; the server takes it).
    const input: ManagerCardInput = {
      ...common,
      type,
      uid: cardUid,
      ...(room_ids?.length ? { room_ids } : {}),
    };
    return managerAddNew(input);
  }
  return cardAdd({
    ...common,
    type,
    uid: cardUid,
    ...(building !== undefined ? { building } : {}),
    ...(floor !== undefined ? { floor } : {}),
    ...(access_controls?.length ? { access_controls } : {}),
  });
}

/** Step two: the blocks read back from the card; the server compares them and only then issues the card. */
export function confirmSpecialCard(
  plan: WritePlan,
  blocks: Record<string, string>,
  cardUid: string,
): Promise<Card> {
  return addCardStepTwoNew({ id: plan.id, uid: cardUid, blocks });
}

// ---- CPU cards (lockCardCpu/*, S2) ----

// A CPU card as the server answers it: declared with the CPU card calls' contracts (protocol/src/calls).
export type { CpuCard, CpuCardStatus } from '@lockdesk/protocol';

/** The CPU card list's filters and page (lockCardCpu/lists' fields). */
export type CpuListParams = Pick<InputOf<typeof cpuCardCalls.cpuCardList>, 'keyword' | 'room_id'> & {
  page: number;
  limit: number;
};

export function useCpuCardList(params: CpuListParams): UseQueryResult<CardPage<CpuCard>> {
  return useQuery({
    queryKey: specialCardKeys.cpu(params),
    queryFn: () => callManage(cpuCardCalls.cpuCardList, definedFields(params)),
    placeholderData: keepPreviousData,
  });
}

/** What the add-CPU-card form sends (the contract's fields). */
export type NewCpuCard = InputOf<typeof cpuCardCalls.addCpuCard>;

export function useAddCpuCard(): UseMutationResult<CpuCard, Error, NewCpuCard> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCpuCard) =>
      callManage(cpuCardCalls.addCpuCard, definedFields({ ...input, note: input.note?.trim() })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cpuCards'] }),
  });
}

export function useDeleteCpuCard(): UseMutationResult<CpuCard, Error, number> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callManage(cpuCardCalls.deleteCpuCard, { id }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cpuCards'] }),
  });
}

export type SendCpuCardInput = InputOf<typeof cpuCardCalls.sendCpuCard>;

/**
 * Queues a CPU card on a CPU card dispenser (lockCardCpu/sendCard: 'sending'), or, with `result`, reports what the
 * dispenser did with it ('delivered' or 'failed').
 */
export function useSendCpuCard(): UseMutationResult<CpuCard, Error, SendCpuCardInput> {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendCpuCardInput) => callManage(cpuCardCalls.sendCpuCard, input),
    onSettled: () => client.invalidateQueries({ queryKey: ['cpuCards'] }),
  });
}

/** The hotel's CPU card dispensers (type '4', cardDispenser/lists), for sending a CPU card. */
export function useDispensers(enabled = true): UseQueryResult<Dispenser[]> {
  return useQuery({
    queryKey: specialCardKeys.dispensers(),
    queryFn: async () => (await callManage(dispenserCalls.list, { type: '4', page: 1, limit: 100 })).list,
    enabled,
    staleTime: 30_000,
  });
}
