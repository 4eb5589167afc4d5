import { DeleteOutlined, EnvironmentOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import type { ErrorCode } from '@lockdesk/protocol';
import type { FormRule } from 'antd';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Result,
  Row,
  Skeleton,
  Space,
  Switch,
  TimePicker,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getUserInfo } from '../../api/session.ts';
import { safeRedirect } from '../../app/guards.ts';
import { formatHotelTime } from '../../app/time.ts';
import { ReaderSelect } from '../../cardService/ReaderSelect.tsx';
import { errorMessage } from '../../i18n/index.ts';
import { ApiReferenceCard } from '../apiReference/ApiReferenceLink.tsx';
import { useMyReader } from '../equipment/api.ts';
import {
  type Breakfast,
  rememberHotelInfoComplete,
  useBreakfast,
  useHotelInfo,
  useSaveBreakfast,
  useSaveHotelInfo,
} from './api.ts';
import {
  ADDRESS_MAX,
  checkCoordinate,
  checkRequiredText,
  checkTelephone,
  NAME_MAX,
  openStreetMapUrl,
} from './rules.ts';
import { hotelTexts } from './texts.ts';

/** An antd rule from a check that names its field in the catalogue message. */
function fieldRule(
  check: (value: unknown, all: Record<string, unknown>) => ErrorCode | undefined,
  label: () => string,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async (_r, value: unknown) => {
      const code = check(value, getFieldsValue(true) as Record<string, unknown>);
      if (code) throw new Error(errorMessage(code, { field: label() }));
    },
  });
}

/** /center/personalCenter: the operator's own account and the merchant or hotel information (spec §5). */
export default function PersonalCenterPage() {
  const { t } = useTranslation(hotelTexts.ns);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const required = params.get('reason') === 'hotelInfo';
  const redirect = params.get('redirect');
  const back = redirect ? safeRedirect(redirect, '') : '';
  // The reader bound to this account (cardDispenser/getUserBind) is the remote reader's address (cardSenderID).
  useMyReader();
  return (
    <Space
      direction="vertical"
      size="middle"
      style={{ width: '100%', maxWidth: 960 }}
      data-testid="personal-center"
    >
      {required ? (
        <Alert
          type="warning"
          showIcon
          data-testid="hotel-info-required"
          title={errorMessage('HOTEL_INFO_REQUIRED')}
          description={t('required.description')}
        />
      ) : null}
      {back ? (
        <Button icon={<RollbackOutlined />} onClick={() => navigate(back)} data-testid="hotel-back">
          {t('required.back')}
        </Button>
      ) : null}
      <AccountCard />
      <HotelInfoCard back={back} />
      <BreakfastCard />
      <ReaderSelect />
      <ApiReferenceCard />
    </Space>
  );
}

function AccountCard() {
  const { t } = useTranslation(hotelTexts.ns);
  const user = getUserInfo() ?? { uid: '' };
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : '—');
  const role = typeof user['role'] === 'string' ? user['role'] : '';
  const expires =
    typeof user['service_expires_at'] === 'number' ? formatHotelTime(user['service_expires_at']) : '—';
  const warning = user['serviceWarning'] as { message?: string } | null | undefined;
  return (
    <Card title={t('account.title')} size="small" data-testid="account-card">
      {warning?.message ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={warning.message} />
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          { key: 'name', label: t('account.name'), children: text(user.nickname || user.name) },
          { key: 'mobile', label: t('account.mobile'), children: text(user.mobile) },
          { key: 'email', label: t('account.email'), children: text(user.email) },
          {
            key: 'role',
            label: t('account.role'),
            children: role ? t(`account.roles.${role}`, { defaultValue: role }) : '—',
          },
          { key: 'hotel', label: t('account.hotel'), children: text(user['hotel_name']) },
          { key: 'expires', label: t('account.serviceExpires'), children: expires },
        ]}
      />
    </Card>
  );
}

interface InfoFields {
  name: string;
  address: string;
  telephone: string;
  latitude: number | null;
  longitude: number | null;
}

function HotelInfoCard({ back }: { back: string }) {
  const { t } = useTranslation(hotelTexts.ns);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const info = useHotelInfo();
  const save = useSaveHotelInfo();
  const [form] = Form.useForm<InfoFields>();
  const latitude = Form.useWatch('latitude', form);
  const longitude = Form.useWatch('longitude', form);
  const mapUrl = openStreetMapUrl(latitude, longitude);

  useEffect(() => {
    if (!info.data) return;
    form.setFieldsValue({
      name: info.data.name ?? '',
      address: info.data.address ?? '',
      telephone: info.data.telephone ?? '',
      latitude: info.data.latitude ?? null,
      longitude: info.data.longitude ?? null,
    });
    rememberHotelInfoComplete(info.data.complete);
  }, [form, info.data]);

  const submit = (v: InfoFields) =>
    save.mutate(
      {
        name: v.name,
        address: v.address,
        telephone: v.telephone,
        latitude: v.latitude ?? undefined,
        longitude: v.longitude ?? undefined,
      },
      {
        onSuccess: () => {
          void message.success(t('info.saved'));
          if (back) navigate(back);
        },
      },
    );

  return (
    <Card title={t('info.title')} size="small" data-testid="hotel-info-card">
      {info.isPending ? (
        <Skeleton active />
      ) : info.isError ? (
        <Result
          status="warning"
          title={t('info.loadFailed')}
          extra={<Button onClick={() => void info.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <Form<InfoFields>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          data-testid="hotel-info-form"
        >
          {info.data && !info.data.complete ? (
            <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('info.incomplete')} />
          ) : null}
          <Form.Item
            name="name"
            label={t('info.name')}
            rules={[
              fieldRule(
                (v) => checkRequiredText(v as string, NAME_MAX),
                () => t('info.name'),
              ),
            ]}
          >
            <Input maxLength={NAME_MAX} dir="auto" data-testid="hotel-name" />
          </Form.Item>
          <Form.Item
            name="address"
            label={t('info.address')}
            rules={[
              fieldRule(
                (v) => checkRequiredText(v as string, ADDRESS_MAX),
                () => t('info.address'),
              ),
            ]}
          >
            <Input maxLength={ADDRESS_MAX} dir="auto" data-testid="hotel-address" />
          </Form.Item>
          <Form.Item
            name="telephone"
            label={t('info.telephone')}
            extra={t('info.telephoneHint')}
            rules={[
              fieldRule(
                (v) => checkTelephone(v as string),
                () => t('info.telephone'),
              ),
            ]}
          >
            <Input maxLength={20} inputMode="tel" dir="ltr" data-testid="hotel-telephone" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item
                name="latitude"
                label={t('info.latitude')}
                dependencies={['longitude']}
                rules={[
                  fieldRule(
                    (v, all) => checkCoordinate(v as number, 90, all['longitude'] as number),
                    () => t('info.latitude'),
                  ),
                ]}
              >
                <InputNumber step={0.0001} style={{ width: '100%' }} data-testid="hotel-latitude" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="longitude"
                label={t('info.longitude')}
                dependencies={['latitude']}
                rules={[
                  fieldRule(
                    (v, all) => checkCoordinate(v as number, 180, all['latitude'] as number),
                    () => t('info.longitude'),
                  ),
                ]}
              >
                <InputNumber step={0.0001} style={{ width: '100%' }} data-testid="hotel-longitude" />
              </Form.Item>
            </Col>
          </Row>
          <Space wrap style={{ marginBottom: 16 }}>
            {mapUrl ? (
              <Typography.Link
                href={mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                data-testid="hotel-map-link"
              >
                <EnvironmentOutlined /> {t('info.openMap')}
              </Typography.Link>
            ) : (
              <Typography.Text type="secondary">{t('info.mapHint')}</Typography.Text>
            )}
          </Space>
          <div>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="hotel-save">
              {back ? t('info.saveAndBack') : t('info.save')}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}

interface BreakfastFields {
  enabled: boolean;
  hours: [Dayjs, Dayjs] | null;
  price: number | null;
  list: { name: string; count: number; price: number }[];
}

const clock = (v: string | null) => (v ? dayjs(`2000-01-01 ${v}`) : undefined);

function BreakfastCard() {
  const { t } = useTranslation(hotelTexts.ns);
  const { message } = App.useApp();
  const breakfast = useBreakfast();
  const save = useSaveBreakfast();
  const [form] = Form.useForm<BreakfastFields>();

  useEffect(() => {
    const b = breakfast.data;
    if (!b) return;
    const from = clock(b.start_time);
    const to = clock(b.end_time);
    form.setFieldsValue({
      enabled: b.enabled,
      hours: from && to ? [from, to] : null,
      price: b.price ?? null,
      list: b.list.map((o) => ({ name: o.name, count: o.count, price: Number(o.price) })),
    });
  }, [form, breakfast.data]);

  const submit = (v: BreakfastFields) => {
    const input: Breakfast = {
      enabled: v.enabled,
      start_time: v.hours ? v.hours[0].format('HH:mm') : null,
      end_time: v.hours ? v.hours[1].format('HH:mm') : null,
      price: v.price,
      list: v.list ?? [],
    };
    save.mutate(input, { onSuccess: () => void message.success(t('breakfast.saved')) });
  };

  const required = (label: () => string): FormRule => ({
    validator: async (_r, value: unknown) => {
      if (value === null || value === undefined || (typeof value === 'string' && !value.trim()))
        throw new Error(errorMessage('FIELD_REQUIRED', { field: label() }));
    },
  });

  return (
    <Card title={t('breakfast.title')} size="small" data-testid="breakfast-card">
      {breakfast.isPending ? (
        <Skeleton active />
      ) : breakfast.isError ? (
        <Result
          status="warning"
          title={t('breakfast.loadFailed')}
          extra={<Button onClick={() => void breakfast.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <Form<BreakfastFields>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          data-testid="breakfast-form"
        >
          <Row gutter={16}>
            <Col xs={24} sm={6}>
              <Form.Item name="enabled" label={t('breakfast.enabled')} valuePropName="checked">
                <Switch data-testid="breakfast-enabled" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={10}>
              <Form.Item name="hours" label={t('breakfast.hours')}>
                <TimePicker.RangePicker format="HH:mm" minuteStep={5} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="price" label={t('breakfast.price')}>
                <InputNumber min={0} max={100000} precision={2} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Text strong>{t('breakfast.options')}</Typography.Text>
          <Form.List name="list">
            {(fields, { add, remove }) => (
              <div style={{ marginTop: 8 }}>
                {fields.map((field) => (
                  <Row gutter={8} key={field.key} align="top" wrap>
                    <Col xs={24} sm={10}>
                      <Form.Item
                        name={[field.name, 'name']}
                        label={t('breakfast.optionName')}
                        rules={[required(() => t('breakfast.optionName'))]}
                      >
                        <Input maxLength={50} />
                      </Form.Item>
                    </Col>
                    <Col xs={10} sm={5}>
                      <Form.Item
                        name={[field.name, 'count']}
                        label={t('breakfast.count')}
                        rules={[required(() => t('breakfast.count'))]}
                      >
                        <InputNumber min={0} max={20} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={10} sm={6}>
                      <Form.Item
                        name={[field.name, 'price']}
                        label={t('breakfast.optionPrice')}
                        rules={[required(() => t('breakfast.optionPrice'))]}
                      >
                        <InputNumber min={0} max={100000} precision={2} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={4} sm={3} style={{ paddingTop: 30 }}>
                      <Button
                        danger
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('breakfast.removeOption')}
                        onClick={() => remove(field.name)}
                      />
                    </Col>
                  </Row>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', count: 1, price: 0 })}
                  disabled={fields.length >= 20}
                  style={{ marginBottom: 16 }}
                >
                  {t('breakfast.addOption')}
                </Button>
              </div>
            )}
          </Form.List>
          <div>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="breakfast-save">
              {t('breakfast.save')}
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}
