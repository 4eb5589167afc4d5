import { checkPrice, type FieldInput } from '@lockdesk/protocol';
import type { FormRule } from 'antd';
import { Alert, Button, Col, Form, Input, InputNumber, Row, Select, Switch, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatePrice, PriceInput } from '../../api/prices.ts';
import { errorMessage } from '../../i18n/index.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';
import { ruleOf } from '../rules.ts';
import { DatePriceCalendar } from './DatePriceCalendar.tsx';

/** What the form starts from. */
export interface PriceFormInitial {
  name?: string;
  deposit?: number;
  price?: number;
  weekend_price?: number;
  renew?: boolean;
  /** Undefined: the current specific-date prices are unknown (the calendar starts empty and is sent only if edited). */
  date_prices?: DatePrice[] | undefined;
}

export interface PriceFormValues {
  name?: string;
  prices: PriceInput;
  renew?: boolean | undefined;
}

export interface PriceFormProps {
  initial: PriceFormInitial;
  /** 'switch' for one room, 'keep' (leave / on / off) for many rooms, 'none' for a template. */
  renew: 'switch' | 'keep' | 'none';
  /** Shows the template name field. */
  withName?: boolean;
  /** Sends the specific-date prices even when the calendar was not touched (templates). */
  alwaysSendDates?: boolean;
  saving: boolean;
  submitText: string;
  onSubmit: (values: PriceFormValues) => void;
  disabled?: boolean;
  /** Shows the prices without a way to change or save them (a caller without `price.manage`). */
  readOnly?: boolean;
  /** Shown above the button (e.g. why saving is disabled). */
  footer?: ReactNode;
  testId?: string;
}

interface FormFields {
  name?: string;
  deposit: number | null;
  price: number | null;
  weekend_price: number | null;
  renew?: boolean | 'keep';
}

/** A weekend price: empty or 0 (no weekend price) or a price of at least 1. */
export function checkWeekendPrice(value: FieldInput): ReturnType<typeof checkPrice> {
  if (value === null || value === undefined || value === '' || Number(value) === 0) return undefined;
  return checkPrice(value);
}

/** The deposit: empty (0) or a non-negative amount. */
function depositRule(label: () => string): FormRule {
  return {
    validator: async (_r, value: number | null | undefined) => {
      if (value !== null && value !== undefined && (!Number.isFinite(value) || value < 0))
        throw new Error(errorMessage('FIELD_INVALID', { field: label() }));
    },
  };
}

/** Deposit, usual and weekend prices, renewal at the set price and specific-date prices on a calendar. */
export function PriceForm(props: PriceFormProps) {
  const { t } = useTranslation(pricesTexts.ns);
  const [form] = Form.useForm<FormFields>();
  const { initial } = props;
  const [dates, setDates] = useState<DatePrice[]>(initial.date_prices ?? []);
  const [datesTouched, setDatesTouched] = useState(false);
  const usual = Form.useWatch('price', form);

  useEffect(() => {
    form.setFieldsValue({
      name: initial.name ?? '',
      deposit: initial.deposit ?? 0,
      price: initial.price || null,
      weekend_price: initial.weekend_price || null,
      renew: props.renew === 'keep' ? 'keep' : (initial.renew ?? false),
    });
    setDates(initial.date_prices ?? []);
    setDatesTouched(false);
  }, [form, initial, props.renew]);

  const submit = (v: FormFields) => {
    const sendDates = props.alwaysSendDates || datesTouched;
    props.onSubmit({
      ...(props.withName ? { name: (v.name ?? '').trim() } : {}),
      prices: {
        deposit: v.deposit ?? 0,
        price: v.price ?? 0,
        weekend_price: v.weekend_price ?? 0,
        ...(sendDates ? { date_prices: dates } : {}),
      },
      renew: props.renew === 'none' || v.renew === 'keep' ? undefined : v.renew === true,
    });
  };

  return (
    <Form<FormFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      disabled={props.disabled || props.readOnly}
      data-testid={props.testId ?? 'price-form'}
    >
      {props.withName ? (
        <Form.Item
          name="name"
          label={t('fields.templateName')}
          rules={[
            {
              validator: async (_r, value: string | undefined) => {
                if (!value?.trim())
                  throw new Error(errorMessage('FIELD_REQUIRED', { field: t('fields.templateName') }));
                if (value.trim().length > 50)
                  throw new Error(errorMessage('FIELD_INVALID', { field: t('fields.templateName') }));
              },
            },
          ]}
        >
          <Input maxLength={50} data-testid="template-name" />
        </Form.Item>
      ) : null}
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="price" label={t('fields.price')} rules={[ruleOf(checkPrice)]}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid="price-usual" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="weekend_price"
            label={t('fields.weekendPrice')}
            extra={t('fields.weekendHint')}
            rules={[ruleOf(checkWeekendPrice)]}
          >
            <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid="price-weekend" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="deposit"
            label={t('fields.deposit')}
            rules={[depositRule(() => t('fields.deposit'))]}
          >
            <InputNumber min={0} precision={2} style={{ width: '100%' }} data-testid="price-deposit" />
          </Form.Item>
        </Col>
      </Row>
      {props.renew === 'switch' ? (
        <Form.Item
          name="renew"
          label={t('fields.renew')}
          extra={t('fields.renewHint')}
          valuePropName="checked"
        >
          <Switch data-testid="price-renew" />
        </Form.Item>
      ) : null}
      {props.renew === 'keep' ? (
        <Form.Item name="renew" label={t('fields.renew')} extra={t('fields.renewHint')}>
          <Select
            data-testid="price-renew-select"
            style={{ maxWidth: 320 }}
            options={[
              { value: 'keep', label: t('fields.renewKeep') },
              { value: true, label: t('fields.renewOn') },
              { value: false, label: t('fields.renewOff') },
            ]}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('fields.datePrices')}>
        {initial.date_prices === undefined && !props.alwaysSendDates ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 8 }}
            title={datesTouched ? t('calendar.replaceWarning') : t('calendar.unknownHint')}
          />
        ) : null}
        <DatePriceCalendar
          value={dates}
          usualPrice={typeof usual === 'number' ? usual : undefined}
          disabled={props.disabled || props.readOnly}
          onChange={(next) => {
            setDates(next);
            setDatesTouched(true);
          }}
        />
        <Typography.Text
          type="secondary"
          style={{ display: 'block', fontSize: 12 }}
          data-testid="date-price-count"
        >
          {t('calendar.count', { count: dates.length })}
        </Typography.Text>
      </Form.Item>
      {props.footer}
      {props.readOnly ? null : (
        <Button type="primary" htmlType="submit" loading={props.saving} data-testid="price-save">
          {props.submitText}
        </Button>
      )}
    </Form>
  );
}
