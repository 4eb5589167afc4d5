import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callManage } from '../../api/client.ts';
import { type Page, usePage } from '../../api/lists.ts';

/**
 * The bill calls (server/API.md §15) as react-query hooks for /business/index and /bill/index. Money is integer
 * fen; pages never call axios. Every mutation invalidates `billKeys.all`: the balance, the orders and the figures
 * all move together.
 */

export const ORDER_KINDS = ['room', 'deposit', 'recharge', 'refund', 'withdrawal'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export interface Order {
  id: number;
  kind: OrderKind;
  amount_fen: number;
  refunded_fen: number;
  refundable_fen: number;
  refund_of: number | null;
  room_id: number | null;
  room_name: string;
  stay_id: number | null;
  guest: string;
  guest_mobile: string;
  operator: string;
  bank: { holder: string; bank: string; account: string } | null;
  status: 'paid' | 'partly_refunded' | 'refunded' | 'done';
  note: string;
  create_time: number;
}

export interface OrderPage extends Page<Order> {
  totals: { in_fen: number; out_fen: number };
}

export interface MerchantAccount {
  hotel_id: number;
  hotel_name: string;
  balance_fen: number;
  balance: string;
  service_expires_at: number | null;
  customer_manager_mobile: string;
  cash: { holder: string; bank: string; account: string; set_time: number | null } | null;
}

export interface DayFigures {
  day: string;
  income_fen: number;
  refund_fen: number;
  revenue_fen: number;
  occupied_rooms: number;
  rooms: number;
  occupancy_permille: number;
}

export interface Statistics {
  start_date: string;
  end_date: string;
  days: DayFigures[];
  totals: { income_fen: number; refund_fen: number; revenue_fen: number };
}

/** order/orderList's request. */
export interface OrderQuery {
  kind?: OrderKind | undefined;
  start_time?: number | undefined;
  end_time?: number | undefined;
  room_id?: number | undefined;
  keyword?: string | undefined;
  sort?: 'create_time' | 'amount' | undefined;
  order?: 'asc' | 'desc' | undefined;
  page: number;
  limit: number;
}

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
    queryFn: () => callManage<MerchantAccount>('order/macMember'),
  });
}

/** One page of orders (order/orderList); the page shown stays while the next loads. */
export function useOrders(query: OrderQuery): UseQueryResult<OrderPage> {
  return usePage<Order>(billKeys.list(query), 'order/orderList', query) as UseQueryResult<OrderPage>;
}

/** Revenue and occupancy per hotel day (order/statistics). */
export function useStatistics(from: string, to: string): UseQueryResult<Statistics> {
  return useQuery({
    queryKey: billKeys.statistics(from, to),
    queryFn: () => callManage<Statistics>('order/statistics', { start_date: from, end_date: to }),
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
  useMoneyMutation((input: { amount_fen: number; note?: string }) =>
    callManage<{ order: Order; account: MerchantAccount }>('Order/recharge', input),
  );

export const useRefund = () =>
  useMoneyMutation((input: { order_id: number; amount_fen: number; note?: string }) =>
    callManage<{ refund: Order; order: Order }>('order/refund', input),
  );

export const useWithdraw = () =>
  useMoneyMutation((input: { amount_fen: number; note?: string }) =>
    callManage<{ order: Order; account: MerchantAccount }>('order/cash', input),
  );

export const useSetCashData = () =>
  useMoneyMutation((input: { holder: string; bank: string; account: string }) =>
    callManage<MerchantAccount>('order/setCashData', input),
  );
