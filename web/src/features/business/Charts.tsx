import { Column, Line } from '@ant-design/plots';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DayFigures } from './api.ts';
import { fenToYuanText } from './money.ts';

/**
 * The business charts, drawn by @ant-design/plots (antd's own charting family, so they share the design
 * language). This module is only imported lazily by the business page: the chart library lands in that page's
 * chunk, never in the console's entry.
 */
export default function Charts({ days }: { days: DayFigures[] }) {
  const { t } = useTranslation('business');
  const { token } = theme.useToken();
  // Yuan as numbers only for drawing: the figures shown as text come from fen.
  const revenue = days.map((d) => ({ day: d.day, yuan: Number(fenToYuanText(d.revenue_fen)) }));
  const occupancy = days.map((d) => ({ day: d.day, percent: d.occupancy_permille / 10 }));
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(320px, 1fr))', gap: 16 }}>
      <section data-testid="chart-revenue" aria-label={t('charts.revenue')}>
        <h4 style={{ marginBlock: 0 }}>{t('charts.revenue')}</h4>
        <Line
          data={revenue}
          xField="day"
          yField="yuan"
          height={260}
          style={{ stroke: token.colorPrimary, lineWidth: 2 }}
          axis={{ y: { title: t('charts.yuan') } }}
          tooltip={{
            items: [{ channel: 'y', name: t('charts.revenue'), valueFormatter: (v: number) => `¥${v}` }],
          }}
        />
      </section>
      <section data-testid="chart-occupancy" aria-label={t('charts.occupancy')}>
        <h4 style={{ marginBlock: 0 }}>{t('charts.occupancy')}</h4>
        <Column
          data={occupancy}
          xField="day"
          yField="percent"
          height={260}
          style={{ fill: token.colorSuccess }}
          axis={{ y: { title: '%' } }}
          scale={{ y: { domainMax: 100 } }}
          tooltip={{
            items: [{ channel: 'y', name: t('charts.occupancy'), valueFormatter: (v: number) => `${v}%` }],
          }}
        />
      </section>
    </div>
  );
}
