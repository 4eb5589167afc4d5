import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUserInfo } from '../../api/session.ts';
import { businessTexts, unlockRecordsTexts } from '../../i18n/namespaces.ts';
import { fakeServer, type SeenCall } from '../../test/fakeServer.ts';
import { renderRoutes } from '../../test/render.tsx';
import type { MerchantAccount, Order } from './api.ts';
import BillPage from './BillPage.tsx';
import BusinessPage, { rangeDays, readRange } from './BusinessPage.tsx';
import { billQuery, readBillList, writeBillList } from './listParams.ts';
import { checkAmount, fenToYuanText, formatYuan, yuanToFen } from './money.ts';

// jsdom has no canvas: the chart component is replaced; the browser suite draws the real charts.
vi.mock('./Charts.tsx', () => ({
  default: ({ days }: { days: unknown[] }) => <div data-testid="charts-stub">{days.length} days</div>,
}));

const SLOW = { timeout: 60_000 };

describe('yuan and fen', () => {
  it('parses typed yuan as exact fen, never through float multiplication', () => {
    expect(yuanToFen('0.10')).toBe(10);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('1.005')).toBeUndefined();
    expect(yuanToFen(' ¥1,234.56 ')).toBe(123456);
    expect(yuanToFen('4.35')).toBe(435); // 4.35 * 100 is 434.99999999999994 in floating point
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('-1')).toBeUndefined();
    expect(yuanToFen('1e3')).toBeUndefined();
    expect(yuanToFen('')).toBeUndefined();
    expect(yuanToFen('.5')).toBeUndefined();
    expect(yuanToFen('99999999.99')).toBe(9_999_999_999);
  });
  it('sums three ten-fen amounts to exactly 30 fen', () => {
    const sum = ['0.10', '0.10', '0.10'].map((y) => yuanToFen(y) as number).reduce((a, b) => a + b, 0);
    expect(sum).toBe(30);
    expect(fenToYuanText(sum)).toBe('0.30');
  });
  it('formats fen as grouped yuan and reads back what it writes', () => {
    expect(formatYuan(123_456_789)).toBe('¥1,234,567.89');
    expect(formatYuan(5)).toBe('¥0.05');
    expect(formatYuan(-1999)).toBe('-¥19.99');
    for (const fen of [0, 1, 10, 99, 100, 435, 123_456, 999_999_999]) {
      expect(yuanToFen(fenToYuanText(fen))).toBe(fen);
      expect(yuanToFen(formatYuan(fen))).toBe(fen);
    }
  });
  it('checks a form amount against its limits', () => {
    expect(checkAmount('')).toEqual({ ok: false, error: 'required' });
    expect(checkAmount('abc')).toEqual({ ok: false, error: 'invalid' });
    expect(checkAmount('0.00')).toEqual({ ok: false, error: 'tooSmall' });
    expect(checkAmount('5.01', 500)).toEqual({ ok: false, error: 'tooLarge' });
    expect(checkAmount('5', 500)).toEqual({ ok: true, fen: 500 });
  });
});

describe('bill list state in the URL', () => {
  it('reads back what it writes and asks for hotel days', () => {
    const state = {
      kind: 'refund' as const,
      from: '2026-11-01',
      to: '2026-11-02',
      room: 7,
      keyword: 'Li',
      sort: 'amount' as const,
      order: 'asc' as const,
      page: 3,
    };
    expect(readBillList(writeBillList(state))).toEqual(state);
    expect(billQuery(state)).toMatchObject({
      kind: 'refund',
      room_id: 7,
      start_time: Date.UTC(2026, 9, 31, 16) / 1000,
      end_time: Date.UTC(2026, 10, 2, 16) / 1000 - 1,
      sort: 'amount',
      order: 'asc',
      page: 3,
    });
    expect(
      readBillList(new URLSearchParams('kind=gift&from=2026-02-30&to=2026-03-01&page=-2&room=x')),
    ).toEqual({
      page: 1,
    });
  });
  it('reads the chart range and its hotel days', () => {
    expect(readRange(new URLSearchParams('days=7'))).toBe(7);
    expect(readRange(new URLSearchParams('days=12'))).toBe(30);
    // 2026-11-25 23:30 UTC is already the 26th in the hotel.
    expect(rangeDays(7, Date.UTC(2026, 10, 25, 23, 30))).toEqual({ from: '2026-11-20', to: '2026-11-26' });
  });
});

const ACCOUNT: MerchantAccount = {
  hotel_id: 1,
  hotel_name: 'Demo Hotel',
  balance_fen: 123_450,
  balance: '1234.50',
  service_expires_at: Date.UTC(2027, 0, 1) / 1000,
  customer_manager_mobile: '13800138009',
  cash: { holder: 'Li Wei', bank: 'Bank of China', account: '**** **** 2222', set_time: null },
};

const order = (id: number, over: Partial<Order> = {}): Order => ({
  id,
  kind: 'room',
  amount_fen: 19_990,
  amount: '199.90',
  refunded_fen: 0,
  refundable_fen: 19_990,
  refund_of: null,
  room_id: 17,
  room_name: '1106',
  stay_id: 4,
  guest: 'Li Wei',
  guest_mobile: '13912345678',
  operator: 'Front desk',
  bank: null,
  status: 'paid',
  note: '',
  create_time: Date.UTC(2026, 10, 25, 6) / 1000,
  ...over,
});

let seen: SeenCall[];
let balance = ACCOUNT.balance_fen;
beforeAll(() => Promise.all([businessTexts.load('en'), unlockRecordsTexts.load('en')]));
beforeEach(() => {
  balance = ACCOUNT.balance_fen;
  setUserInfo({ uid: 1, token: 'tok_abcdefghijklmnopqrstuvwxyz', role: 'super', nickname: 'Demo' });
  seen = fakeServer({
    'order/macMember': () => ({ errno: 0, data: { ...ACCOUNT, balance_fen: balance } }),
    'order/orderList': (f) => {
      const list =
        f['kind'] === 'recharge' ? [] : [order(1), order(2, { kind: 'recharge', refundable_fen: 0 })];
      return {
        errno: 0,
        data: { list, total: list.length, page: 1, limit: 20, totals: { in_fen: 1, out_fen: 0 } },
      };
    },
    'Order/recharge': (f) => {
      balance += Number(f['amount_fen']);
      return { errno: 0, data: { order: order(3, { kind: 'recharge' }), account: ACCOUNT } };
    },
    'order/refund': (f) => {
      balance -= Number(f['amount_fen']);
      return { errno: 0, data: { refund: order(4, { kind: 'refund' }), order: order(1) } };
    },
    'order/statistics': (f) => ({
      errno: 0,
      data: {
        start_date: f['start_date'],
        end_date: f['end_date'],
        days: [
          {
            day: f['start_date'],
            income_fen: 30_000,
            refund_fen: 10_000,
            revenue_fen: 20_000,
            occupied_rooms: 3,
            rooms: 10,
            occupancy_permille: 300,
          },
        ],
        totals: { income_fen: 30_000, refund_fen: 10_000, revenue_fen: 20_000 },
      },
    }),
    'room/allLock': () => ({ errno: 0, data: { list: [], total: 0 } }),
    'order/setCashData': () => ({ errno: 0, data: ACCOUNT }),
    'order/cash': (f) => {
      balance -= Number(f['amount_fen']);
      return { errno: 0, data: { order: order(5, { kind: 'withdrawal' }), account: ACCOUNT } };
    },
  });
});
afterEach(() => vi.restoreAllMocks());

function renderPage(Page: ComponentType, url: string) {
  return renderRoutes([{ path: url.split('?')[0] as string, element: <Page /> }], url);
}
const calls = (path: string) => seen.filter((c) => c.path === path);

describe('bill centre', () => {
  it('shows the balance, recharges typed yuan as exact fen and shows the new balance', SLOW, async () => {
    const user = userEvent.setup();
    renderPage(BillPage, '/bill/index');
    expect(await screen.findByText('¥1,234.50')).toBeTruthy();
    await user.click(screen.getByTestId('recharge-open'));
    await user.type(await screen.findByTestId('recharge-amount'), '0.1');
    await user.click(screen.getByTestId('recharge-submit'));
    await waitFor(() => expect(calls('Order/recharge')).toHaveLength(1));
    expect(calls('Order/recharge')[0]?.fields['amount_fen']).toBe(10);
    expect(await screen.findByText('¥1,234.60')).toBeTruthy();
  });

  it('refuses an amount with three decimals without calling the server', SLOW, async () => {
    const user = userEvent.setup();
    renderPage(BillPage, '/bill/index');
    await user.click(await screen.findByTestId('recharge-open'));
    await user.type(await screen.findByTestId('recharge-amount'), '1.005');
    await user.click(screen.getByTestId('recharge-submit'));
    expect(await screen.findByText(/at most two decimals, e.g. 12.50/)).toBeTruthy();
    expect(calls('Order/recharge')).toHaveLength(0);
  });

  it('refunds an order row, the amount defaulting to what is refundable', SLOW, async () => {
    const user = userEvent.setup();
    renderPage(BillPage, '/bill/index');
    const rows = await screen.findAllByTestId('bill-row');
    expect(rows).toHaveLength(2);
    // Only the room charge can be refunded.
    expect(within(rows[1] as HTMLElement).queryByTestId('bill-refund')).toBeNull();
    await user.click(within(rows[0] as HTMLElement).getByTestId('bill-refund'));
    const amount = (await screen.findByTestId('refund-amount')) as HTMLInputElement;
    expect(amount.value).toBe('199.90');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(screen.getByTestId('refund-submit'));
    expect(await screen.findByText('The amount can be at most ¥199.90')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '99.95');
    await user.click(screen.getByTestId('refund-submit'));
    await waitFor(() => expect(calls('order/refund')).toHaveLength(1));
    expect(calls('order/refund')[0]?.fields).toMatchObject({ order_id: 1, amount_fen: 9_995 });
    expect(await screen.findByText('¥1,134.55')).toBeTruthy();
  });

  it('keeps the kind filter in the URL and says when nothing matches', SLOW, async () => {
    const router = renderPage(BillPage, '/bill/index?kind=recharge');
    expect(await screen.findByText('No order matches these filters')).toBeTruthy();
    expect(calls('order/orderList')[0]?.fields['kind']).toBe('recharge');
    // The table is clickable once its loading veil is gone.
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull());
    await userEvent.setup().click(screen.getByText('Clear filters'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('sets the bank account as digits and withdraws at most the balance', SLOW, async () => {
    const user = userEvent.setup();
    renderPage(BillPage, '/bill/index');
    await screen.findByText('¥1,234.50');
    await user.click(screen.getByTestId('bank-open'));
    await user.type(await screen.findByTestId('bank-account'), '6217 0000');
    await user.click(screen.getByTestId('bank-submit'));
    expect(await screen.findByText('The account number is 10 to 30 digits')).toBeTruthy();
    await user.clear(screen.getByTestId('bank-account'));
    await user.type(screen.getByTestId('bank-account'), '6217 0000 1111 2222');
    await user.click(screen.getByTestId('bank-submit'));
    await waitFor(() => expect(calls('order/setCashData')).toHaveLength(1));
    expect(calls('order/setCashData')[0]?.fields).toMatchObject({
      holder: 'Li Wei',
      bank: 'Bank of China',
      account: '6217000011112222',
    });
    await user.click(screen.getByTestId('withdraw-open'));
    await user.type(await screen.findByTestId('withdraw-amount'), '1234.51');
    await user.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByText('The amount can be at most ¥1,234.50')).toBeTruthy();
    await user.clear(screen.getByTestId('withdraw-amount'));
    await user.type(screen.getByTestId('withdraw-amount'), '1234.50');
    await user.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(calls('order/cash')).toHaveLength(1));
    expect(calls('order/cash')[0]?.fields['amount_fen']).toBe(123_450);
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('¥0.00'));
  });

  it('hides the money actions from an account without bill.manage', SLOW, async () => {
    setUserInfo({
      uid: 2,
      token: 'tok_abcdefghijklmnopqrstuvwxyz',
      role: 'secondary',
      nickname: 'M',
      authorities: ['bill.view'],
    });
    renderPage(BillPage, '/bill/index');
    expect(await screen.findAllByTestId('bill-row')).toHaveLength(2);
    expect(screen.queryByTestId('recharge-open')).toBeNull();
    expect(screen.queryByTestId('bill-refund')).toBeNull();
  });
});

describe('business information', () => {
  it('shows the account, the period figures and the charts for the range in the URL', SLOW, async () => {
    renderPage(BusinessPage, '/business/index?days=7');
    expect(await screen.findByText('¥1,234.50')).toBeTruthy();
    expect(await screen.findByTestId('charts-stub')).toBeTruthy();
    expect(screen.getByText('¥200.00')).toBeTruthy();
    expect(screen.getByText('Li Wei · Bank of China · **** **** 2222')).toBeTruthy();
    const asked = calls('order/statistics')[0]?.fields;
    const { from, to } = rangeDays(7);
    expect(asked).toMatchObject({ start_date: from, end_date: to });
  });
});
