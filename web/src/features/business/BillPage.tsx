import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, DatePicker, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState, useSearchBox } from '../../app/listState.ts';
import { can } from '../../app/permissions.ts';
import { formatHotelTime } from '../../app/time.ts';
import { RoomFilter } from '../../shared/RoomSearchFilter.tsx';
import { ORDER_KINDS, type Order, useOrders } from './api.ts';
import { BILL_PAGE_SIZE, billQuery, KEYWORD_MAX, readBillList, writeBillList } from './listParams.ts';
import { AccountCard, RefundModal } from './MoneyForms.tsx';
import { formatYuan } from './money.ts';

const DAY = 'YYYY-MM-DD';
const OUTGOING = new Set(['refund', 'withdrawal']);
const STATUS_COLOR: Record<string, string> = {
  paid: 'green',
  partly_refunded: 'orange',
  refunded: 'default',
  done: 'blue',
};

/**
 * The bill centre (/bill/index): the balance with recharge and withdrawal, and the hotel's orders — filtered by
 * kind, hotel days, room and keyword, sorted by time or amount, paged by the server, the state in the URL — with a
 * refund on each room charge or deposit that has money left to refund.
 */
export default function BillPage() {
  const { t } = useTranslation('business');
  const list = useListState(readBillList, writeBillList);
  const { state, change } = list;
  const searchBox = useSearchBox(state.keyword, (keyword) => change({ keyword }));
  const [refunding, setRefunding] = useState<Order | null>(null);
  const orders = useOrders(billQuery(state));
  const filtered = Boolean(state.kind || state.from || state.room || state.keyword);
  const range: [Dayjs, Dayjs] | null = state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null;
  const mayRefund = can('bill.manage');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="bill-page">
      <Card title={t('account.title')}>
        <AccountCard />
      </Card>
      <Card
        title={t('orders.title')}
        styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
      >
        <Space wrap>
          <Select
            allowClear
            value={state.kind}
            placeholder={t('orders.allKinds')}
            aria-label={t('orders.kind')}
            options={ORDER_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            onChange={(kind) => change({ kind })}
            style={{ minWidth: 150 }}
            data-testid="bill-kind"
          />
          <DatePicker.RangePicker
            value={range}
            allowClear
            onChange={(v) =>
              change(
                v?.[0] && v[1]
                  ? { from: v[0].format(DAY), to: v[1].format(DAY) }
                  : { from: undefined, to: undefined },
              )
            }
            placeholder={[t('orders.from'), t('orders.to')]}
            data-testid="bill-dates"
          />
          <RoomFilter
            value={state.room}
            onChange={(room) => change({ room })}
            placeholder={t('orders.allRooms')}
            label={t('orders.room')}
            testId="bill-room"
          />
          <Input.Search
            allowClear
            {...searchBox}
            maxLength={KEYWORD_MAX}
            placeholder={t('orders.searchPlaceholder')}
            aria-label={t('orders.search')}
            style={{ width: 260, maxWidth: '100%' }}
            data-testid="bill-search"
          />
          <Button icon={<ReloadOutlined />} onClick={() => orders.refetch()} loading={orders.isFetching}>
            {t('refresh')}
          </Button>
        </Space>
        {orders.data && (
          <Space size={24} wrap data-testid="bill-totals">
            <Typography.Text>
              {t('orders.totalIn')}:{' '}
              <Typography.Text strong>{formatYuan(orders.data.totals.in_fen)}</Typography.Text>
            </Typography.Text>
            <Typography.Text>
              {t('orders.totalOut')}:{' '}
              <Typography.Text strong>{formatYuan(orders.data.totals.out_fen)}</Typography.Text>
            </Typography.Text>
          </Space>
        )}
        {orders.isError && !orders.data ? (
          <Alert
            type="error"
            showIcon
            title={t('common.loadFailed')}
            data-testid="bill-error"
            action={
              <Button size="small" onClick={() => orders.refetch()}>
                {t('tryAgain')}
              </Button>
            }
          />
        ) : (
          <Table<Order>
            rowKey="id"
            size="middle"
            loading={orders.isPending || orders.isPlaceholderData}
            dataSource={orders.data?.list ?? []}
            scroll={{ x: 960 }}
            onRow={() => ({ 'data-testid': 'bill-row' }) as HTMLAttributes<HTMLElement>}
            onChange={(_p, _f, sorter) => {
              const s = Array.isArray(sorter) ? sorter[0] : sorter;
              const byAmount = s?.columnKey === 'amount' && s.order;
              const ascending = s?.order === 'ascend';
              change({
                sort: byAmount ? 'amount' : undefined,
                order: s?.order && ascending ? 'asc' : undefined,
              });
            }}
            locale={{
              emptyText: filtered ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.emptyFiltered')}>
                  <Button size="small" onClick={list.clear}>
                    {t('orders.clearFilters')}
                  </Button>
                </Empty>
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orders.empty')} />
              ),
            }}
            pagination={list.pagination(BILL_PAGE_SIZE, orders.data?.total, (total) =>
              t('orders.total', { count: total }),
            )}
            columns={[
              {
                key: 'time',
                title: t('time'),
                dataIndex: 'create_time',
                width: 150,
                sorter: true,
                sortOrder: state.sort ? null : state.order === 'asc' ? 'ascend' : 'descend',
                render: (v: number) => formatHotelTime(v),
              },
              {
                key: 'kind',
                title: t('orders.kind'),
                dataIndex: 'kind',
                width: 110,
                render: (k: string) => t(`kind.${k}`),
              },
              {
                key: 'amount',
                title: t('orders.amount'),
                width: 140,
                align: 'end',
                sorter: true,
                sortOrder: state.sort === 'amount' ? (state.order === 'asc' ? 'ascend' : 'descend') : null,
                render: (_v, o) => (
                  <Typography.Text
                    type={OUTGOING.has(o.kind) ? 'danger' : undefined}
                    data-testid="bill-amount"
                  >
                    {OUTGOING.has(o.kind) ? '−' : '+'}
                    {formatYuan(o.amount_fen)}
                  </Typography.Text>
                ),
              },
              {
                key: 'status',
                title: t('orders.status'),
                width: 150,
                render: (_v, o) => (
                  <Space size={4} direction="vertical">
                    <Tag color={STATUS_COLOR[o.status]}>{t(`status.${o.status}`)}</Tag>
                    {o.refunded_fen > 0 && (
                      <Typography.Text type="secondary">
                        {t('orders.refunded', { amount: formatYuan(o.refunded_fen) })}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              { key: 'room', title: t('orders.room'), width: 90, render: (_v, o) => o.room_name || '—' },
              {
                key: 'detail',
                title: t('orders.detail'),
                render: (_v, o) => (
                  <Space size={2} direction="vertical">
                    {o.guest && <span>{`${o.guest} ${o.guest_mobile}`}</span>}
                    {o.refund_of && <span>{t('orders.refundOf', { id: o.refund_of })}</span>}
                    {o.bank && <span>{`${o.bank.holder} · ${o.bank.bank} · ${o.bank.account}`}</span>}
                    {o.note && <Typography.Text type="secondary">{o.note}</Typography.Text>}
                  </Space>
                ),
              },
              { key: 'operator', title: t('orders.operator'), dataIndex: 'operator', width: 120 },
              {
                key: 'actions',
                title: t('actionsColumn'),
                width: 100,
                fixed: 'right',
                render: (_v, o) =>
                  mayRefund && o.refundable_fen > 0 ? (
                    <Button size="small" onClick={() => setRefunding(o)} data-testid="bill-refund">
                      {t('refund.action')}
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </Card>
      <RefundModal order={refunding} onClose={() => setRefunding(null)} />
    </Space>
  );
}
