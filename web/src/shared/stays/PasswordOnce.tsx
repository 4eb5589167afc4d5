import { checkCheckInPassword, checkPeriod } from '@lockdesk/protocol';
import { Alert, Button, Form, Input, Modal, Radio, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CreatedPassword } from '../../api/stays.ts';
import { errorMessage } from '../../i18n/index.ts';
import { codeRule, hotelTimeText, secondsOf } from '../format.ts';
import { HotelTimePicker } from '../HotelTimePicker.tsx';

/** The password options of a form: remote (the server draws the digits) or custom (the operator's 6 digits). */
export interface PasswordChoice {
  mode: 'remote' | 'custom';
  digits?: string;
  single_use: boolean;
  start?: Dayjs | null;
  end?: Dayjs | null;
}

export const DEFAULT_PASSWORD_CHOICE: PasswordChoice = { mode: 'remote', single_use: true };

/**
 * The password fields, under `name` of the surrounding form. With `withPeriod`, an optional validity period
 * (empty: the stay's period).
 */
export function PasswordFields({ name, withPeriod = false }: { name: string; withPeriod?: boolean }) {
  const { t } = useTranslation('stays');
  const form = Form.useFormInstance();
  const mode = Form.useWatch([name, 'mode'], form) as PasswordChoice['mode'] | undefined;
  return (
    <>
      <Form.Item name={[name, 'mode']} label={t('password.mode')}>
        <Radio.Group
          data-testid="password-mode"
          options={[
            { value: 'remote', label: t('password.remote') },
            { value: 'custom', label: t('password.custom') },
          ]}
        />
      </Form.Item>
      {mode === 'custom' && (
        <Form.Item
          name={[name, 'digits']}
          label={t('password.digits')}
          rules={[codeRule((v) => checkCheckInPassword(v as string))]}
        >
          <Input
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            placeholder={t('password.digitsPlaceholder')}
            data-testid="password-digits"
            style={{ maxWidth: 200 }}
          />
        </Form.Item>
      )}
      <Form.Item name={[name, 'single_use']} label={t('password.singleUse')} valuePropName="checked">
        <Switch data-testid="password-single-use" />
      </Form.Item>
      {withPeriod && (
        <>
          <Form.Item name={[name, 'start']} label={t('password.validFrom')} extra={t('password.periodHint')}>
            <HotelTimePicker />
          </Form.Item>
          <Form.Item
            name={[name, 'end']}
            label={t('password.validUntil')}
            dependencies={[[name, 'start']]}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_r, value: Dayjs | null | undefined) => {
                  const start = getFieldValue([name, 'start']) as Dayjs | null | undefined;
                  if (!start && !value) return;
                  const s = secondsOf(start);
                  const e = secondsOf(value);
                  const code = checkPeriod(
                    s === undefined ? undefined : s * 1000,
                    e === undefined ? undefined : e * 1000,
                  );
                  if (code) throw new Error(errorMessage(code));
                },
              }),
            ]}
          >
            <HotelTimePicker />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** The create call's fields of a choice (digits only for a custom password, a period only when both are set). */
export function passwordFieldsOf(choice: PasswordChoice): {
  single_use: boolean;
  password?: string;
  start_time?: number;
  end_time?: number;
} {
  const start = secondsOf(choice.start);
  const end = secondsOf(choice.end);
  return {
    single_use: choice.single_use,
    ...(choice.mode === 'custom' && choice.digits ? { password: choice.digits.trim() } : {}),
    ...(start !== undefined && end !== undefined ? { start_time: start, end_time: end } : {}),
  };
}

/**
 * A created password's digits, shown this once: the server never answers them again. The dialog closes only by
 * its button, so the operator cannot click it away by accident before noting the digits.
 */
export function PasswordShownOnce({
  created,
  onClose,
}: {
  created: CreatedPassword | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('stays');
  // Unmounted at once on close (no closing animation keeping the digits in the page).
  if (!created) return null;
  return (
    <Modal
      open
      title={t('password.createdTitle')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="password-once-close">
          {t('password.noted')}
        </Button>
      }
    >
      <div data-testid="password-once">
        <Typography.Paragraph>
          {t('password.createdFor', {
            room: created.room_name,
            guest: created.nickname || created.mobile || '—',
          })}
        </Typography.Paragraph>
        <div
          data-testid="password-once-digits"
          dir="ltr"
          style={{
            fontSize: 40,
            fontWeight: 600,
            letterSpacing: '0.3em',
            textAlign: 'center',
            fontFamily: 'monospace',
            margin: '12px 0',
          }}
        >
          {created.password}
        </div>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          {t('password.period', {
            start: hotelTimeText(created.start_time),
            end: hotelTimeText(created.end_time),
          })}
          {' · '}
          {created.single_use ? t('password.singleUseYes') : t('password.singleUseNo')}
        </Typography.Paragraph>
        <Alert type="warning" showIcon title={t('password.onceWarning')} />
      </div>
    </Modal>
  );
}
