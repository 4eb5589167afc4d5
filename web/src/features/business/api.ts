import {
  type InputOf,
  type MerchantAccount,
  type OrderPage,
  orderCalls,
  type Statistics,
} from '@lockdesk/protocol';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { usePage } from '../../api/lists.ts';

/**
 * The bill calls (server/API.md §15) as react-query hooks for /business/index and /bill/index. Money is integer
 * fen; pages never call axios. Every mutation invalidates `billKeys.all`: the balance, the orders and the figures
 * all move together.
 */

// The orders, the merchant account and the figures as the server answers them: declared with the bill contracts.
export {
  type DayFigures,
  type MerchantAccount,
  ORDER_KINDS,
  type Order,
  type OrderKind,
  type OrderPage,
  type Statistics,
} from '@lockdesk/protocol';

/** order/orderList's request. */
export type OrderQuery = InputOf<typeof orderCalls.orderList> & { page: number; limit: number };

export const billKeys = {
  all: ['bills'] as const,
  account: () => [...billKeys.all, 'account'] as const,
  lists: () => [...billKeys.all, 'list'] as const,
  list: (query: OrderQuery) => [...billKeys.lists(), query] as const,
  statistics: (from: string, to: string) => [...billKeys.all, 'statistics', from, to] as const,
};

/** The merchant account: balance, service period, bank data (order/macMember). */
export function useMerchantAccount(): UseQueryResult<MerchantAccount> {
  return useQuery({
    queryKey: billKeys.account(),
    queryFn: () => callManage(orderCalls.macMember, {}),
  });
}

/** One page of orders (order/orderList); the page shown stays while the next loads. */
export function useOrders(query: OrderQuery): UseQueryResult<OrderPage> {
  return usePage(billKeys.list(query), orderCalls.orderList, query);
}

/** Revenue and occupancy per hotel day (order/statistics). */
export function useStatistics(from: string, to: string): UseQueryResult<Statistics> {
  return useQuery({
    queryKey: billKeys.statistics(from, to),
    queryFn: () => callManage(orderCalls.statistics, { start_date: from, end_date: to }),
  });
}

function useMoneyMutation<I, O>(call: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: billKeys.all }),
  });
}

export const useRecharge = () =>
  useMoneyMutation((input: InputOf<typeof orderCalls.recharge>) => callManage(orderCalls.recharge, input));

export const useRefund = () =>
  useMoneyMutation((input: InputOf<typeof orderCalls.refund>) => callManage(orderCalls.refund, input));

export const useWithdraw = () =>
  useMoneyMutation((input: InputOf<typeof orderCalls.cash>) => callManage(orderCalls.cash, input));

export const useSetCashData = () =>
  useMoneyMutation((input: InputOf<typeof orderCalls.setCashData>) =>
    callManage(orderCalls.setCashData, input),
  );
