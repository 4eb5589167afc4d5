import { Alert, Button, Card, Empty, Segmented, Skeleton, Space, Statistic } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { hotelNow } from '../../app/time.ts';
import { useStatistics } from './api.ts';
import { AccountCard } from './MoneyForms.tsx';
import { formatYuan } from './money.ts';

const Charts = lazy(() => import('./Charts.tsx'));

/** The ranges the charts offer, in days up to today (the choice is kept in the URL as `days`). */
export const RANGES = [7, 30, 90] as const;

export function readRange(search: URLSearchParams): (typeof RANGES)[number] {
  const days = Number(search.get('days'));
  return (RANGES as readonly number[]).includes(days) ? (days as (typeof RANGES)[number]) : 30;
}

/** The hotel days of a range ending today. */
export function rangeDays(days: number, now = Date.now()): { from: string; to: string } {
  const today = hotelNow(now);
  return {
    from: today.subtract(days - 1, 'day').format('YYYY-MM-DD'),
    to: today.format('YYYY-MM-DD'),
  };
}

/**
 * Business information (/business/index): the merchant account with recharge, withdrawal and bank data, and the
 * revenue and occupancy of the hotel per day over the chosen range.
 */
export default function BusinessPage() {
  const { t } = useTranslation('business');
  const [search, setSearch] = useSearchParams();
  const days = readRange(search);
  const { from, to } = useMemo(() => rangeDays(days), [days]);
  const stats = useStatistics(from, to);
  const totals = stats.data?.totals;
  const average =
    stats.data && stats.data.days.length > 0
      ? stats.data.days.reduce((a, d) => a + d.occupancy_permille, 0) / stats.data.days.length / 10
      : 0;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="business-page">
      <Card title={t('account.title')}>
        <AccountCard />
      </Card>
      <Card
        title={t('charts.title', { from: dayjs(from).format('MM-DD'), to: dayjs(to).format('MM-DD') })}
        extra={
          <Segmented
            value={days}
            options={RANGES.map((d) => ({ value: d, label: t(`charts.range${d}`) }))}
            onChange={(v) => setSearch(v === 30 ? {} : { days: String(v) }, { replace: true })}
            data-testid="business-range"
          />
        }
      >
        {stats.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('common.loadFailed')}
            action={
              <Button size="small" onClick={() => stats.refetch()}>
                {t('tryAgain')}
              </Button>
            }
          />
        ) : !stats.data ? (
          <Skeleton active />
        ) : (
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            <Space size={48} wrap>
              <Statistic title={t('charts.income')} value={formatYuan(totals?.income_fen ?? 0)} />
              <Statistic title={t('charts.refunds')} value={formatYuan(totals?.refund_fen ?? 0)} />
              <Statistic
                title={t('charts.revenue')}
                value={formatYuan(totals?.revenue_fen ?? 0)}
                data-testid="business-revenue"
              />
              <Statistic title={t('charts.averageOccupancy')} value={`${average.toFixed(1)}%`} />
            </Space>
            {stats.data.days.every((d) => d.income_fen === 0 && d.occupied_rooms === 0) ? (
              <Empty description={t('charts.empty')} />
            ) : (
              <Suspense fallback={<Skeleton active />}>
                <Charts days={stats.data.days} />
              </Suspense>
            )}
          </Space>
        )}
      </Card>
    </Space>
  );
}
