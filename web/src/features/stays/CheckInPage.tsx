import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { checkNickname, isMobile, ROOM_STATUS } from '@lockdesk/protocol';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Divider,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import {
  type CheckInInput,
  type CheckInKind,
  type CreatedPassword,
  type Stay,
  useBreakfasts,
  useCheckIn,
  useCreatePassword,
  useLockRooms,
} from '../../api/stays.ts';
import { PATHS } from '../../app/paths.ts';
import { hotelNow } from '../../app/time.ts';
import { errorMessage } from '../../i18n/index.ts';
import { codeRule, hotelTimeText, secondsOf } from '../../shared/format.ts';
import { breakfastChoices } from '../../shared/stays/breakfast.ts';
import {
  DEFAULT_PASSWORD_CHOICE,
  type PasswordChoice,
  PasswordFields,
  PasswordShownOnce,
  passwordFieldsOf,
} from '../../shared/stays/PasswordOnce.tsx';
import { QuoteView } from '../../shared/stays/QuoteView.tsx';
import { RoomPicker } from '../../shared/stays/RoomPicker.tsx';
import { DisableOldCardsField, GuestFields, StayPeriodFields } from '../../shared/stays/StayPeriodFields.tsx';

// The enrolment components of the faces feature, fetched only when a face or fingerprint check-in needs them.
const FaceEnrol = lazy(() =>
  import('../../shared/faces/FaceEnrol.tsx').then((m) => ({ default: m.FaceEnrol })),
);
const FingerprintEnrol = lazy(() =>
  import('../../shared/fingerprints/FingerprintEnrol.tsx').then((m) => ({ default: m.FingerprintEnrol })),
);
// The cards feature's guest card writer, for a card check-in.
const GuestCardWriter = lazy(() => import('../../shared/cards/EmbeddedCardWriter.tsx'));

/** Fellow tenants a stay may have besides its guest (server: MAX_FELLOW_TENANTS). */
export const MAX_FELLOWS = 10;

interface FellowValues {
  mobile?: string;
  nickname?: string;
  id_number?: string;
}

interface CheckInValues {
  room_id?: number;
  mobile?: string;
  nickname?: string;
  id_number?: string;
  tenants?: FellowValues[];
  start?: Dayjs | null;
  end?: Dayjs | null;
  other_information?: string;
  breakfast?: number;
  unlock_by_id_card?: boolean;
  disable_old_cards?: boolean;
  kind: CheckInKind;
  password: PasswordChoice;
}

/** The default period: from now to noon of the next hotel day. */
function defaultPeriod(): { start: Dayjs; end: Dayjs } {
  const now = hotelNow().second(0).millisecond(0);
  return { start: now, end: now.add(1, 'day').hour(12).minute(0) };
}

const trimmed = (v: string | undefined) => (v ?? '').trim();

/** The call's fields of the form's values. */
export function checkInInput(values: CheckInValues, roomId: number): CheckInInput {
  const tenants = (values.tenants ?? []).map((f) => ({
    mobile: trimmed(f.mobile),
    ...(trimmed(f.nickname) ? { nickname: trimmed(f.nickname) } : {}),
    ...(trimmed(f.id_number) ? { id_number: trimmed(f.id_number) } : {}),
  }));
  return {
    room_id: roomId,
    mobile: trimmed(values.mobile),
    ...(trimmed(values.nickname) ? { nickname: trimmed(values.nickname) } : {}),
    ...(trimmed(values.id_number) ? { id_number: trimmed(values.id_number) } : {}),
    start_time: secondsOf(values.start) ?? 0,
    end_time: secondsOf(values.end) ?? 0,
    ...(trimmed(values.other_information) ? { other_information: trimmed(values.other_information) } : {}),
    breakfast: values.breakfast ?? 0,
    unlock_by_id_card: !!values.unlock_by_id_card,
    disable_old_cards: !!values.disable_old_cards,
    kind: values.kind,
    tenants,
  };
}

/**
 * Check-in (spec §4 'Check-in'): the guest and fellow tenants, the period in hotel time, the options, and the
 * credential kind. The price is quoted before the operator confirms; after the check-in a password is created
 * (its digits shown once), a face or fingerprint enrolled, or the stay waits for its card.
 */
export default function CheckInPage() {
  const { t } = useTranslation('stays');
  const { t: tCards } = useTranslation('cards');
  const [params, setParams] = useSearchParams();
  const roomId = Number(params.get('room_id')) || undefined;
  const [form] = Form.useForm<CheckInValues>();
  const rooms = useLockRooms();
  const breakfasts = useBreakfasts();
  const checkIn = useCheckIn();
  const createPassword = useCreatePassword();
  const [pending, setPending] = useState<{ input: CheckInInput; values: CheckInValues }>();
  const [stay, setStay] = useState<Stay>();
  // The password options chosen for the stay, kept for a retry once the form is gone.
  const [choice, setChoice] = useState<PasswordChoice>(DEFAULT_PASSWORD_CHOICE);
  const [shown, setShown] = useState<CreatedPassword>();
  const [passwordDone, setPasswordDone] = useState(false);
  const [enrolled, setEnrolled] = useState(false);
  const kind = Form.useWatch('kind', form) as CheckInKind | undefined;

  const room = roomId === undefined ? undefined : rooms.data?.list.find((r) => r.id === roomId);
  const unavailable =
    room && (room.status === ROOM_STATUS.dirty || room.status === ROOM_STATUS.maintenance) ? room : undefined;

  const chooseRoom = (id: number | undefined) => {
    const next = new URLSearchParams(params);
    if (id === undefined) next.delete('room_id');
    else next.set('room_id', String(id));
    setParams(next, { replace: true });
  };

  const makePassword = (saved: Stay, choice: PasswordChoice) => {
    createPassword.mutate(
      { room_id: saved.room_id, stay_id: saved.stay_id, ...passwordFieldsOf(choice) },
      { onSuccess: (created) => setShown(created) },
    );
  };

  const confirm = () => {
    if (!pending) return;
    const { input, values } = pending;
    checkIn.mutate(input, {
      onSuccess: (saved) => {
        setPending(undefined);
        setStay(saved);
        setChoice(values.password);
        if (input.kind === 'password') makePassword(saved, values.password);
      },
    });
  };

  const again = () => {
    setStay(undefined);
    setShown(undefined);
    setPasswordDone(false);
    setEnrolled(false);
    createPassword.reset();
    checkIn.reset();
    form.resetFields();
  };

  if (stay) {
    const roomName = rooms.data?.list.find((r) => r.id === stay.room_id)?.name ?? `#${stay.room_id}`;
    const credentialKind = stay.kind as CheckInKind;
    return (
      <Card data-testid="checkin-done">
        <Result
          status="success"
          title={stay.state === 'upcoming' ? t('checkIn.reserved') : t('checkIn.done')}
          subTitle={t('checkIn.doneDetail', {
            room: roomName,
            guest: stay.nickname || stay.mobile,
            start: hotelTimeText(stay.start_time),
            end: hotelTimeText(stay.end_time),
          })}
          extra={[
            <Link key="room" to={`${PATHS.roomDetails}?id=${stay.room_id}&tab=tenant`}>
              <Button type="primary" data-testid="checkin-open-room">
                {t('checkIn.openRoom')}
              </Button>
            </Link>,
            <Button key="again" onClick={again} data-testid="checkin-again">
              {t('checkIn.another')}
            </Button>,
          ]}
        />
        <div style={{ maxWidth: 640, marginInline: 'auto' }}>
          {credentialKind === 'password' && (
            <>
              {createPassword.isPending && <Spin description={t('password.creating')} />}
              {createPassword.isError && !shown && (
                <Alert
                  type="error"
                  showIcon
                  title={t('checkIn.passwordFailed')}
                  action={
                    <Button
                      size="small"
                      onClick={() => makePassword(stay, choice)}
                      data-testid="checkin-password-retry"
                    >
                      {t('tryAgain')}
                    </Button>
                  }
                />
              )}
              {passwordDone && (
                <Alert
                  type="success"
                  showIcon
                  title={t('checkIn.passwordCreated')}
                  data-testid="checkin-password-done"
                />
              )}
            </>
          )}
          {credentialKind === 'face' && !enrolled && (
            <Suspense fallback={<Spin />}>
              <FaceEnrol roomId={stay.room_id} stayId={stay.stay_id} onDone={() => setEnrolled(true)} />
            </Suspense>
          )}
          {credentialKind === 'fingerprint' && !enrolled && (
            <Suspense fallback={<Spin />}>
              <FingerprintEnrol
                roomId={stay.room_id}
                stayId={stay.stay_id}
                onDone={() => setEnrolled(true)}
              />
            </Suspense>
          )}
          {(credentialKind === 'face' || credentialKind === 'fingerprint') && enrolled && (
            <Alert type="success" showIcon title={t('checkIn.enrolled')} />
          )}
          {credentialKind === 'card' && (
            <Suspense fallback={<Spin />}>
              <GuestCardWriter stay={stay} />
            </Suspense>
          )}
        </div>
        <PasswordShownOnce
          created={shown}
          onClose={() => {
            setShown(undefined);
            setPasswordDone(true);
            createPassword.reset();
          }}
        />
      </Card>
    );
  }

  const next = (values: CheckInValues) => {
    if (!roomId) return;
    setPending({ input: checkInInput(values, roomId), values });
  };

  const period = defaultPeriod();

  return (
    <Card title={t('checkIn.title')}>
      <Form<CheckInValues>
        form={form}
        layout="vertical"
        requiredMark
        onFinish={next}
        data-testid="checkin-form"
        initialValues={{
          room_id: roomId,
          start: period.start,
          end: period.end,
          breakfast: 0,
          unlock_by_id_card: false,
          disable_old_cards: false,
          kind: 'password',
          password: DEFAULT_PASSWORD_CHOICE,
          tenants: [],
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="room_id"
              label={t('fields.room')}
              required
              rules={[
                {
                  validator: async () => {
                    if (!roomId) throw new Error(t('checkIn.pickRoom'));
                  },
                },
              ]}
              getValueProps={() => ({ value: roomId })}
            >
              <RoomPicker
                value={roomId}
                onChange={(id) => {
                  chooseRoom(id);
                  form.setFieldValue('room_id', id);
                }}
                testId="checkin-room"
              />
            </Form.Item>
          </Col>
        </Row>
        {unavailable && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('checkIn.unavailable', { room: unavailable.name })}
          />
        )}

        <Divider titlePlacement="start">{t('checkIn.guest')}</Divider>
        <Row gutter={16}>
          <GuestFields md={8} testIdPrefix="checkin" />
          <Col xs={24} md={8}>
            <Form.Item name="id_number" label={t('fields.idNumber')}>
              <Input autoComplete="off" maxLength={32} data-testid="checkin-id-number" />
            </Form.Item>
          </Col>
        </Row>

        <Form.List name="tenants">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Row gutter={16} key={field.key} align="top" data-testid="checkin-fellow">
                  <Col xs={24} md={8}>
                    <Form.Item
                      name={[field.name, 'mobile']}
                      label={t('checkIn.fellowMobile', { index: index + 1 })}
                      required
                      rules={[
                        {
                          validator: async (_r, value: string | undefined) => {
                            if (!isMobile(value))
                              throw new Error(errorMessage('TENANT_MOBILE_INVALID', { index: index + 1 }));
                          },
                        },
                      ]}
                    >
                      <Input
                        inputMode="tel"
                        maxLength={11}
                        autoComplete="off"
                        data-testid="checkin-fellow-mobile"
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={7}>
                    <Form.Item
                      name={[field.name, 'nickname']}
                      label={t('fields.nickname')}
                      rules={[codeRule((v) => checkNickname(v as string))]}
                    >
                      <Input autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={20} md={7}>
                    <Form.Item name={[field.name, 'id_number']} label={t('fields.idNumber')}>
                      <Input autoComplete="off" maxLength={32} />
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={2} style={{ paddingTop: 30 }}>
                    <Button
                      type="text"
                      danger
                      icon={<MinusCircleOutlined />}
                      aria-label={t('checkIn.removeFellow')}
                      title={t('checkIn.removeFellow')}
                      onClick={() => remove(field.name)}
                    />
                  </Col>
                </Row>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({})}
                disabled={fields.length >= MAX_FELLOWS}
                data-testid="checkin-add-fellow"
                style={{ marginBottom: 16 }}
              >
                {t('checkIn.addFellow', { max: MAX_FELLOWS })}
              </Button>
            </>
          )}
        </Form.List>

        <Divider titlePlacement="start">{t('checkIn.stay')}</Divider>
        <Row gutter={16}>
          <StayPeriodFields md={8} testIdPrefix="checkin" />
          <Col xs={24} md={8}>
            <Form.Item name="breakfast" label={t('fields.breakfast')}>
              <Select data-testid="checkin-breakfast" options={breakfastChoices(t, breakfasts.data)} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="other_information" label={t('fields.otherInformation')}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="unlock_by_id_card" label={t('fields.unlockByIdCard')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <DisableOldCardsField />
          </Col>
        </Row>

        <Divider titlePlacement="start">{t('checkIn.credential')}</Divider>
        <Form.Item name="kind" label={t('fields.kind')}>
          <Radio.Group
            data-testid="checkin-kind"
            optionType="button"
            options={(['password', 'card', 'face', 'fingerprint'] as const).map((k) => ({
              value: k,
              label: t(`kind.${k}`),
            }))}
          />
        </Form.Item>
        {kind === 'password' && <PasswordFields name="password" />}
        {kind === 'card' && (
          <Alert type="info" showIcon title={tCards('writer.afterCheckIn')} style={{ marginBottom: 16 }} />
        )}
        {(kind === 'face' || kind === 'fingerprint') && (
          <Alert type="info" showIcon title={t(`checkIn.${kind}After`)} style={{ marginBottom: 16 }} />
        )}

        <Space wrap>
          <Button type="primary" htmlType="submit" disabled={!roomId} data-testid="checkin-next">
            {t('checkIn.next')}
          </Button>
          {roomId !== undefined && (
            <Link to={`${PATHS.roomDetails}?id=${roomId}&tab=tenant`}>
              <Button>{t('checkIn.backToRoom')}</Button>
            </Link>
          )}
        </Space>
        {!roomId && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {t('checkIn.pickRoom')}
          </Typography.Paragraph>
        )}
      </Form>

      <Modal
        open={!!pending}
        title={t('checkIn.confirmTitle')}
        okText={t('checkIn.confirm')}
        cancelText={t('common.back')}
        onOk={confirm}
        onCancel={() => setPending(undefined)}
        confirmLoading={checkIn.isPending}
        okButtonProps={{ 'data-testid': 'checkin-confirm-ok' }}
        destroyOnHidden
      >
        {pending && (
          <div data-testid="checkin-confirm">
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'room', label: t('fields.room'), children: room?.name ?? `#${pending.input.room_id}` },
                {
                  key: 'guest',
                  label: t('checkIn.guest'),
                  children: [pending.input.nickname, pending.input.mobile].filter(Boolean).join(' · '),
                },
                ...(pending.input.tenants.length > 0
                  ? [
                      {
                        key: 'fellows',
                        label: t('checkIn.fellows'),
                        children: String(pending.input.tenants.length),
                      },
                    ]
                  : []),
                {
                  key: 'period',
                  label: t('checkIn.period'),
                  children: t('password.period', {
                    start: hotelTimeText(pending.input.start_time),
                    end: hotelTimeText(pending.input.end_time),
                  }),
                },
                { key: 'kind', label: t('fields.kind'), children: t(`kind.${pending.input.kind}`) },
              ]}
            />
            <QuoteView
              input={{
                room_id: pending.input.room_id,
                start_time: pending.input.start_time,
                end_time: pending.input.end_time,
              }}
            />
          </div>
        )}
      </Modal>
    </Card>
  );
}
