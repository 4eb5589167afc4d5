import { Alert, DatePicker, Descriptions, Empty, Spin, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type QuoteNight, useQuote } from '../../api/prices.ts';
import { hotelNow } from '../../app/time.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';

/** Check-in and check-out hour of a quoted period (hotel time), as the demo's stays. */
const STAY_HOUR = '12:00';

const KIND_COLOURS: Record<QuoteNight['kind'], string> = {
  usual: 'default',
  weekend: 'blue',
  specific: 'volcano',
  renewal: 'green',
};

/** What a stay in the room over a chosen period costs (room/countRoomPriceNew), night by night. */
export function QuotePreview({ roomId, hasPrice }: { roomId: number; hasPrice: boolean }) {
  const { t } = useTranslation(pricesTexts.ns);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => {
    const today = hotelNow().startOf('day');
    return [today, today.add(2, 'day')];
  });
  const start = `${range[0].format('YYYY-MM-DD')} ${STAY_HOUR}`;
  const end = `${range[1].format('YYYY-MM-DD')} ${STAY_HOUR}`;
  const quote = useQuote(roomId, start, end, hasPrice && range[1].isAfter(range[0], 'day'));

  return (
    <div data-testid="quote-preview">
      <DatePicker.RangePicker
        value={range}
        allowClear={false}
        onChange={(v) => {
          if (v?.[0] && v[1]) setRange([v[0], v[1]]);
        }}
        style={{ marginBottom: 12, maxWidth: '100%' }}
        data-testid="quote-range"
      />
      {!hasPrice ? (
        <Alert type="info" showIcon title={t('quote.noPrice')} />
      ) : !range[1].isAfter(range[0], 'day') ? (
        <Alert type="info" showIcon title={t('quote.pickPeriod')} />
      ) : quote.isPending ? (
        <Spin />
      ) : quote.isError || !quote.data ? (
        <Alert type="error" showIcon title={t('quote.failed')} />
      ) : (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, md: 4 }}
            bordered
            data-testid="quote-summary"
            items={[
              { key: 'nights', label: t('quote.nights'), children: quote.data.nights },
              { key: 'fee', label: t('quote.roomFee'), children: quote.data.room_fee },
              { key: 'deposit', label: t('fields.deposit'), children: quote.data.deposit },
              {
                key: 'total',
                label: t('quote.total'),
                children: <strong data-testid="quote-total">{quote.data.total}</strong>,
              },
            ]}
          />
          <Table<QuoteNight>
            size="small"
            rowKey="date"
            style={{ marginTop: 12 }}
            dataSource={quote.data.list}
            pagination={quote.data.list.length > 10 ? { pageSize: 10, size: 'small' } : false}
            locale={{ emptyText: <Empty description={t('quote.noNights')} /> }}
            columns={[
              { key: 'date', dataIndex: 'date', title: t('quote.date') },
              {
                key: 'kind',
                dataIndex: 'kind',
                title: t('quote.kind'),
                render: (k: QuoteNight['kind']) => <Tag color={KIND_COLOURS[k]}>{t(`quote.kinds.${k}`)}</Tag>,
              },
              { key: 'price', dataIndex: 'price', title: t('quote.price'), align: 'end' },
            ]}
          />
        </>
      )}
    </div>
  );
}
