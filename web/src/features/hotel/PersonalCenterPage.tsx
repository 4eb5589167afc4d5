import {
  DeleteOutlined,
  EnvironmentOutlined,
  PlusOutlined,
  RollbackOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { ErrorCode } from '@lockdesk/protocol';
import type { FormRule } from 'antd';
import {
  Alert,
  App,
  Avatar,
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
  Upload,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useMyReader } from '../../api/equipment.ts';
import { getUserInfo } from '../../api/session.ts';
import { uploadFile } from '../../api/upload.ts';
import { safeRedirect } from '../../app/guards.ts';
import { formatHotelTime } from '../../app/time.ts';
import { ReaderSelect } from '../../cardService/ReaderSelect.tsx';
import { errorMessage } from '../../i18n/index.ts';
import { hotelTexts } from '../../i18n/namespaces.ts';
import { ApiReferenceCard } from '../../shared/apiReference/ApiReferenceLink.tsx';
import {
  type BreakfastInput,
  rememberHotelInfoComplete,
  useBreakfast,
  useHotelInfo,
  useMyInfo,
  useSaveBreakfast,
  useSaveHotelInfo,
  useSetAvatar,
} from './api.ts';
import { CentreLinks } from './CentreLinks.tsx';
import {
  ADDRESS_MAX,
  checkCoordinate,
  checkRequiredText,
  checkTelephone,
  NAME_MAX,
  openStreetMapUrl,
} from './rules.ts';

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
  const hasHotel = getUserInfo()?.['role'] !== 'customer_manager';
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
      {/* A customer manager works for no hotel: the hotel's cards have nothing to show it. */}
      {hasHotel ? (
        <>
          <ReaderBinding />
          <HotelInfoCard back={back} />
          <BreakfastCard />
          <ReaderSelect />
          <CentreLinks />
          <ApiReferenceCard />
        </>
      ) : null}
    </Space>
  );
}

/** The reader bound to this account (cardDispenser/getUserBind) is the remote reader's address (cardSenderID). */
function ReaderBinding() {
  useMyReader();
  return null;
}

/** Yuan from fen, exactly (integer arithmetic, no float rounding). */
function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An avatar as requested at 80 × 80 (spec §3), the account's picture or its initial. */
function AccountAvatar({ src, name }: { src: string; name: string }) {
  return (
    <Avatar size={80} src={src || undefined} alt={name} data-testid="account-avatar">
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

function AccountCard() {
  const { t } = useTranslation(hotelTexts.ns);
  const { message } = App.useApp();
  const user = getUserInfo() ?? { uid: '' };
  const me = useMyInfo();
  const setAvatar = useSetAvatar();
  const [uploading, setUploading] = useState(false);
  const info = me.data;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : '—');
  const role = info?.role ?? (typeof user['role'] === 'string' ? user['role'] : '');
  const expires =
    typeof user['service_expires_at'] === 'number' ? formatHotelTime(user['service_expires_at']) : '—';
  const warning = user['serviceWarning'] as { message?: string } | null | undefined;
  const displayName = info?.nickname || info?.name || user.nickname || user.name || '';
  const change = async (file: File) => {
    setUploading(true);
    try {
      const stored = await uploadFile('avatar', file);
      await setAvatar.mutateAsync(stored.url);
      message.success(t('account.avatarSaved'));
    } catch {
      // The request layer has told the user why.
    } finally {
      setUploading(false);
    }
  };
  return (
    <Card title={t('account.title')} size="small" data-testid="account-card">
      {warning?.message ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={warning.message} />
      ) : null}
      <Space align="start" size={24} wrap style={{ width: '100%' }}>
        <Space orientation="vertical" align="center">
          <AccountAvatar
            src={info?.avatar ?? (typeof user['avatar'] === 'string' ? user['avatar'] : '')}
            name={displayName}
          />
          {info?.hotel_id ? (
            <Upload
              accept="image/jpeg,image/png,image/webp"
              showUploadList={false}
              beforeUpload={(file) => {
                void change(file);
                return false;
              }}
            >
              <Button
                size="small"
                icon={<UploadOutlined />}
                loading={uploading}
                data-testid="account-avatar-change"
              >
                {t('account.changeAvatar')}
              </Button>
            </Upload>
          ) : null}
          {info?.hotel_id ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 160, textAlign: 'center' }}>
              {t('account.avatarHint')}
            </Typography.Text>
          ) : null}
        </Space>
        <Descriptions
          size="small"
          style={{ flex: 1, minWidth: 280 }}
          column={{ xs: 1, sm: 2 }}
          items={[
            { key: 'uid', label: t('account.uid'), children: String(info?.uid ?? user.uid ?? '—') },
            { key: 'name', label: t('account.name'), children: text(info?.name ?? user.name) },
            {
              key: 'nickname',
              label: t('account.nickname'),
              children: text(info?.nickname ?? user.nickname),
            },
            { key: 'mobile', label: t('account.mobile'), children: text(info?.mobile ?? user.mobile) },
            { key: 'email', label: t('account.email'), children: text(info?.email ?? user.email) },
            {
              key: 'role',
              label: t('account.role'),
              children: role ? t(`account.roles.${role}`, { defaultValue: role }) : '—',
            },
            {
              key: 'gender',
              label: t('account.gender'),
              children: t(`account.genders.${info?.gender === 1 || info?.gender === 2 ? info.gender : 0}`),
            },
            { key: 'nationality', label: t('account.nationality'), children: text(info?.nationality) },
            { key: 'birthDate', label: t('account.birthDate'), children: text(info?.birth_date) },
            { key: 'idNumber', label: t('account.idNumber'), children: text(info?.id_number) },
            {
              key: 'registeredAt',
              label: t('account.registeredAt'),
              children: info ? formatHotelTime(info.created_at) || '—' : '—',
            },
            {
              key: 'hotel',
              label: t('account.hotel'),
              children: text(info?.hotel_name ?? user['hotel_name']),
            },
            { key: 'expires', label: t('account.serviceExpires'), children: expires },
            {
              key: 'balance',
              label: t('account.balance'),
              children:
                info?.balance_fen === null || info?.balance_fen === undefined ? '—' : yuan(info.balance_fen),
            },
          ]}
        />
      </Space>
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
          extra={<Button onClick={() => void info.refetch()}>{t('tryAgain')}</Button>}
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
    const input: BreakfastInput = {
      enabled: v.enabled,
      ...(v.hours ? { start_time: v.hours[0].format('HH:mm'), end_time: v.hours[1].format('HH:mm') } : {}),
      ...(v.price === null ? {} : { price: v.price }),
      list: (v.list ?? []).map((o) => ({ name: o.name.trim(), count: o.count, price: o.price })),
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
          extra={<Button onClick={() => void breakfast.refetch()}>{t('tryAgain')}</Button>}
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
