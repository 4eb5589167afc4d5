import { checkPrice } from '@lockdesk/protocol';
import { Button, Calendar, Form, InputNumber, Modal, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DatePrice, dayKey, withDayPrice } from '../../api/prices.ts';
import { hotelNow } from '../../app/time.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';
import { ruleOf } from '../rules.ts';

export interface DatePriceCalendarProps {
  value: DatePrice[];
  onChange: (next: DatePrice[]) => void;
  /** The price a day costs without a specific price, shown faintly (the usual price). */
  usualPrice?: number | undefined;
  disabled?: boolean;
}

/**
 * Specific-date prices on a month calendar: each day shows its price; clicking a day sets or clears it. Days are
 * hotel calendar days ('YYYY-MM-DD'), which read the same in every browser zone.
 */
export function DatePriceCalendar({ value, onChange, usualPrice, disabled }: DatePriceCalendarProps) {
  const { t } = useTranslation(pricesTexts.ns);
  const [month, setMonth] = useState<Dayjs>(() => hotelNow());
  const [editing, setEditing] = useState<string | undefined>();
  const [form] = Form.useForm<{ price: number | null }>();
  const byDay = useMemo(() => new Map(value.map((d) => [d.day, d.price])), [value]);
  const today = dayKey(hotelNow());

  const open = (day: string) => {
    if (disabled) return;
    setEditing(day);
    form.setFieldsValue({ price: byDay.get(day) ?? null });
  };
  const close = () => setEditing(undefined);
  const set = async () => {
    // A refused price stays in the box with its message; nothing to do until it is corrected.
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    if (editing && values.price !== null) onChange(withDayPrice(value, editing, values.price));
    close();
  };
  const clear = () => {
    if (editing) onChange(withDayPrice(value, editing, undefined));
    close();
  };

  return (
    <div data-testid="date-price-calendar">
      <Calendar
        fullscreen={false}
        value={month}
        onPanelChange={(d) => setMonth(d)}
        onSelect={(d, info) => {
          setMonth(d);
          if (info.source === 'date') open(dayKey(d));
        }}
        fullCellRender={(d, info) => {
          if (info.type !== 'date') return info.originNode;
          const day = dayKey(d);
          const price = byDay.get(day);
          const inMonth = d.month() === month.month();
          return (
            <div
              className="price-day"
              data-testid={`price-day-${day}`}
              data-price={price ?? ''}
              style={{
                minHeight: 44,
                margin: '0 1px',
                padding: '2px 0',
                borderRadius: 4,
                lineHeight: 1.2,
                opacity: inMonth ? 1 : 0.45,
                border: day === today ? '1px solid #1668dc' : '1px solid transparent',
                background: price === undefined ? undefined : '#fff1e6',
              }}
            >
              <div>{d.date()}</div>
              <div
                style={{
                  fontSize: 11,
                  color: price === undefined ? '#8c8c8c' : '#d4380d',
                  fontWeight: price === undefined ? 400 : 600,
                }}
              >
                {price !== undefined ? price : usualPrice ? usualPrice : '\u00a0'}
              </div>
            </div>
          );
        }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('calendar.hint')}
      </Typography.Text>
      <Modal
        open={editing !== undefined}
        title={t('calendar.dayTitle', { day: editing ?? '' })}
        onCancel={close}
        destroyOnHidden
        footer={
          <Space wrap>
            {editing && byDay.has(editing) ? (
              <Button danger onClick={clear} data-testid="day-price-clear">
                {t('calendar.clear')}
              </Button>
            ) : null}
            <Button onClick={close}>{t('cancel')}</Button>
            <Button type="primary" onClick={() => void set()} data-testid="day-price-set">
              {t('calendar.set')}
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void set()}>
          <Form.Item name="price" label={t('fields.datePrice')} rules={[ruleOf(checkPrice)]}>
            <InputNumber
              min={0}
              precision={2}
              style={{ width: '100%' }}
              autoFocus
              data-testid="day-price-input"
              onPressEnter={() => void set()}
            />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
