import { checkMobile, checkNickname } from '@lockdesk/protocol';
import { Col, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeRule, stayEndRule } from '../format.ts';
import { HotelTimePicker } from '../HotelTimePicker.tsx';

/**
 * A check-in form's guest: the mobile (required, 11 digits) and the nickname, as two columns of the form's Row,
 * `md` wide each; the inputs' test ids are `${testIdPrefix}-mobile` and `${testIdPrefix}-nickname`.
 */
export function GuestFields({ md, testIdPrefix }: { md: number; testIdPrefix: string }) {
  const { t } = useTranslation('stays');
  return (
    <>
      <Col xs={24} md={md}>
        <Form.Item
          name="mobile"
          label={t('fields.mobile')}
          required
          rules={[codeRule((v) => checkMobile(v as string))]}
        >
          <Input inputMode="tel" maxLength={11} autoComplete="off" data-testid={`${testIdPrefix}-mobile`} />
        </Form.Item>
      </Col>
      <Col xs={24} md={md}>
        <Form.Item
          name="nickname"
          label={t('fields.nickname')}
          rules={[codeRule((v) => checkNickname(v as string))]}
        >
          <Input autoComplete="off" dir="auto" data-testid={`${testIdPrefix}-nickname`} />
        </Form.Item>
      </Col>
    </>
  );
}

/**
 * A check-in form's period: the check-in and the check-out time in the hotel's time zone, both required, the
 * check-out after the check-in. Two columns of the form's Row, `md` wide each; the pickers' test ids are
 * `${testIdPrefix}-start` and `${testIdPrefix}-end`. The check-in page and the room detail's card tab share it.
 */
export function StayPeriodFields({ md, testIdPrefix }: { md: number; testIdPrefix: string }) {
  const { t } = useTranslation('stays');
  return (
    <>
      <Col xs={24} md={md}>
        <Form.Item
          name="start"
          label={t('fields.checkIn')}
          required
          extra={t('common.hotelTime')}
          rules={[codeRule((v) => (v ? undefined : 'CHECK_IN_TIME_REQUIRED'))]}
        >
          <HotelTimePicker data-testid={`${testIdPrefix}-start`} />
        </Form.Item>
      </Col>
      <Col xs={24} md={md}>
        <Form.Item
          name="end"
          label={t('fields.checkOut')}
          required
          dependencies={['start']}
          extra={t('common.hotelTime')}
          rules={[codeRule((v) => (v ? undefined : 'CHECK_OUT_TIME_REQUIRED')), stayEndRule('start')]}
        >
          <HotelTimePicker data-testid={`${testIdPrefix}-end`} />
        </Form.Item>
      </Col>
    </>
  );
}

/** The switch that disables the room's earlier cards when this stay's card is written. */
export function DisableOldCardsField({ testId }: { testId?: string }) {
  const { t } = useTranslation('stays');
  return (
    <Form.Item
      name="disable_old_cards"
      label={t('fields.disableOldCards')}
      valuePropName="checked"
      extra={t('checkIn.disableOldCardsHint')}
    >
      <Switch {...(testId ? { 'data-testid': testId } : {})} />
    </Form.Item>
  );
}
