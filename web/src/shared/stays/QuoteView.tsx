import { Alert, Descriptions, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { type QuoteInput, useQuote } from '../../api/stays.ts';
import { formatMoney } from '../format.ts';

/**
 * The price of a stay or a renewal as `room/countRoomPriceNew` quotes it: each night with its kind, then the room
 * fee, the deposit and the total. A room without a price cannot be quoted (the check-in is then free of charge).
 */
export function QuoteView({ input }: { input: QuoteInput }) {
  const { t } = useTranslation('stays');
  const quote = useQuote(input);
  if (quote.isLoading) return <Spin description={t('quote.loading')} />;
  if (quote.isError || !quote.data)
    return <Alert type="warning" showIcon title={t('quote.failed')} data-testid="quote-failed" />;
  const q = quote.data;
  return (
    <div data-testid="quote">
      {q.list.length > 0 && (
        <Table
          size="small"
          rowKey="date"
          pagination={false}
          scroll={{ y: 200 }}
          dataSource={q.list}
          columns={[
            { key: 'date', dataIndex: 'date', title: t('quote.night') },
            {
              key: 'kind',
              dataIndex: 'kind',
              title: t('quote.kind'),
              render: (k: string) => t(`quote.kinds.${k}`),
            },
            {
              key: 'price',
              dataIndex: 'price',
              title: t('quote.price'),
              align: 'end',
              render: (p: number) => formatMoney(p),
            },
          ]}
          style={{ marginBlock: 12 }}
        />
      )}
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'nights', label: t('quote.nights'), children: q.nights },
          {
            key: 'fee',
            label: q.renewal ? t('quote.renewalFee') : t('quote.roomFee'),
            children: formatMoney(q.room_fee),
          },
          ...(q.renewal
            ? []
            : [{ key: 'deposit', label: t('quote.deposit'), children: formatMoney(q.deposit) }]),
          {
            key: 'total',
            label: t('quote.total'),
            children: <strong data-testid="quote-total">{formatMoney(q.total)}</strong>,
          },
        ]}
      />
    </div>
  );
}
