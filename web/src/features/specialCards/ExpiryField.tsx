import { checkCardExpiry } from '@lockdesk/protocol';
import { Button, DatePicker, Flex, Form, type FormInstance, type FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromHotelWallClock, hotelNow } from '../../app/time.ts';
import { errorMessage } from '../../i18n/index.ts';

/** The quick picks of spec §5: one week, one month, three months from now (hotel time). */
export const QUICK_PICKS = [
  { key: 'week', amount: 1, unit: 'week' },
  { key: 'month', amount: 1, unit: 'month' },
  { key: 'threeMonths', amount: 3, unit: 'month' },
] as const;

/** The expiry rule of spec §5 on a wall-clock value: required, later than now, not beyond the year 2035. */
export const expiryRule: FormRule = {
  validator: async (_rule, value: Dayjs | null | undefined) => {
    const ms = value ? fromHotelWallClock(value) * 1000 : null;
    const code = checkCardExpiry(ms, Date.now());
    if (code) throw new Error(errorMessage(code));
  },
};

/** A card's expiry: a date and time picker (hotel time) with the three quick picks below it. */
export function ExpiryField<T>({ form, name = 'expiry' }: { form: FormInstance<T>; name?: string }) {
  const { t } = useTranslation('specialCards');
  const pick = (amount: number, unit: 'week' | 'month') => {
    form.setFieldValue(name as never, hotelNow().add(amount, unit).second(0) as never);
    form.validateFields([name as never]).catch(() => {});
  };
  return (
    <Form.Item label={t('fields.expiry')} required extra={t('hints.expiry')}>
      <Form.Item name={name} noStyle rules={[expiryRule]}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder={t('placeholders.expiry')}
          style={{ width: 220, maxWidth: '100%' }}
          data-testid="card-expiry"
        />
      </Form.Item>
      <Flex gap={8} wrap style={{ marginTop: 8 }}>
        {QUICK_PICKS.map((q) => (
          <Button
            key={q.key}
            size="small"
            onClick={() => pick(q.amount, q.unit)}
            data-testid={`card-quick-${q.key}`}
          >
            {t(`quick.${q.key}`)}
          </Button>
        ))}
      </Flex>
    </Form.Item>
  );
}
