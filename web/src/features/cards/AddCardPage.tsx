import { CreditCardOutlined } from '@ant-design/icons';
import {
  CARD_EXPIRY_LIMIT_SECONDS,
  checkAccessControls,
  checkCardExpiry,
  checkCardScope,
} from '@lockdesk/protocol';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Select, Space, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  addCardStepTwoNew,
  type Card as CardRecord,
  type CardType,
  cardAdd,
  invalidateCards,
  managerAddNew,
  useAccessControls,
  type WritePlan,
} from '../../api/cards.ts';
import { getUserInfo } from '../../api/session.ts';
import { useLockRooms } from '../../api/stays.ts';
import { PATHS } from '../../app/paths.ts';
import { hotelNow, hotelWallClock } from '../../app/time.ts';
import { MAX_NOTE } from '../../shared/cards/CardActions.tsx';
import { TYPE_KEYS, typeName } from '../../shared/cards/format.ts';
import { CardWriteProgress, useCardWriter } from '../../shared/cards/writeParts.tsx';
import { codeRule, secondsOf } from '../../shared/format.ts';
import { HotelTimePicker } from '../../shared/HotelTimePicker.tsx';

/** The card types this page issues (a guest card is written for a stay, in the room detail). */
export type IssuableType = 1 | 2 | 3 | 5 | 6;

/** The types a role may issue (spec §6): master and super cards only by the super administrator. */
export function issuableTypes(role: unknown): IssuableType[] {
  return role === 'super' ? [1, 2, 3, 5, 6] : [2, 3, 5];
}

/**
 * Whether a universal card may open every lock (no rooms named): the super administrator only (server/API.md §8,
 * `PERMISSION_DENIED` for others), so anyone else must name its locks.
 */
export function mayOpenEveryLock(role: unknown): boolean {
  return role === 'super';
}

/** The expiry quick picks (spec §5): one week, one month, three months from now. */
export const QUICK_PICKS = [
  { key: 'oneWeek', add: [1, 'week'] },
  { key: 'oneMonth', add: [1, 'month'] },
  { key: 'threeMonths', add: [3, 'month'] },
] as const;

interface AddCardValues {
  type: IssuableType;
  building?: number;
  floor?: number;
  end?: Dayjs | null;
  access_controls?: number[];
  room_ids?: number[];
  note?: string;
  unsubscribe_old?: boolean;
}

/** The write plan call of the form's values for the card found on the encoder. */
export function planCall(values: AddCardValues, uid: string): Promise<WritePlan> {
  const end_time = secondsOf(values.end) ?? 0;
  const note = (values.note ?? '').trim();
  if (values.type === 5 || values.type === 6)
    return managerAddNew({
      type: values.type,
      uid,
      end_time,
      ...(note ? { note } : {}),
      ...(values.type === 5 && values.room_ids?.length ? { room_ids: values.room_ids } : {}),
    });
  return cardAdd({
    type: values.type,
    uid,
    end_time,
    ...(values.type !== 1 && values.building ? { building: values.building } : {}),
    ...(values.type === 3 && values.floor ? { floor: values.floor } : {}),
    ...(note ? { note } : {}),
    ...(values.access_controls?.length ? { access_controls: values.access_controls } : {}),
    unsubscribe_old: values.unsubscribe_old ? 1 : 0,
  });
}

/**
 * Issues a card of any type the caller may issue (`/center/addCard`): the type, its building and floor when the
 * type needs them, the expiry (required, in the future, at the latest 2035; quick picks one week, one month, three
 * months), at most 3 access controls, then the card is written on the encoder and read back before it counts.
 */
export default function AddCardPage() {
  const { t } = useTranslation('cards');
  const client = useQueryClient();
  const [form] = Form.useForm<AddCardValues>();
  const role = getUserInfo()?.role;
  const types = issuableTypes(role);
  const everyLock = mayOpenEveryLock(role);
  const type = (Form.useWatch('type', form) as IssuableType | undefined) ?? types[0];
  const building = Form.useWatch('building', form) as number | undefined;
  const rooms = useLockRooms();
  const access = useAccessControls();
  // The form's values the plan is asked for with, once the card is found.
  const chosen = useRef<AddCardValues | undefined>(undefined);
  const [issued, setIssued] = useState<CardRecord>();

  const buildings = useMemo(
    () =>
      [...new Set((rooms.data?.list ?? []).map((r) => r.building).filter((b): b is number => !!b))].sort(
        (a, b) => a - b,
      ),
    [rooms.data],
  );
  const floors = useMemo(
    () =>
      [
        ...new Set(
          (rooms.data?.list ?? [])
            .filter((r) => r.building === building)
            .map((r) => r.floor)
            .filter((f): f is number => !!f),
        ),
      ].sort((a, b) => a - b),
    [rooms.data, building],
  );

  const write = useCardWriter<CardRecord>({
    allocate: (uid: string) => {
      if (!chosen.current) throw new Error('no card chosen');
      return planCall(chosen.current, uid);
    },
    confirm: async (plan: WritePlan, blocks: Record<string, string>) => {
      const card = await addCardStepTwoNew({ id: plan.id, uid: plan.uid, blocks });
      await invalidateCards(client);
      return card;
    },
    onDone: setIssued,
  });

  if (issued)
    return (
      <Card data-testid="add-card-done">
        <Result
          status="success"
          title={t('addCard.issued', {
            card: issued.card_id,
            type: typeName(t, issued.type, issued.type_name),
          })}
          extra={[
            <Button
              key="again"
              type="primary"
              onClick={() => {
                setIssued(undefined);
                write.reset();
              }}
              data-testid="add-card-again"
            >
              {t('addCard.another')}
            </Button>,
            <Link key="list" to={PATHS.cardList}>
              <Button data-testid="add-card-list">{t('list.title')}</Button>
            </Link>,
          ]}
        />
      </Card>
    );

  const limit = hotelWallClock(CARD_EXPIRY_LIMIT_SECONDS);
  const today = hotelNow().startOf('day');
  const setQuick = (pick: (typeof QUICK_PICKS)[number]) => {
    form.setFieldValue('end', hotelNow().second(0).millisecond(0).add(pick.add[0], pick.add[1]));
    form.validateFields(['end']).catch(() => {});
  };
  const start = (values: AddCardValues) => {
    chosen.current = values;
    write.start();
  };

  return (
    <Card title={t('addCard.title')} data-testid="add-card-page">
      <Typography.Paragraph type="secondary">{t('addCard.hint')}</Typography.Paragraph>
      {!types.includes(1) && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('addCard.superOnly')} />
      )}
      <Form<AddCardValues>
        form={form}
        layout="vertical"
        requiredMark
        disabled={write.running}
        onFinish={start}
        initialValues={{ type: types[0], access_controls: [], room_ids: [], unsubscribe_old: false }}
        data-testid="add-card-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="type" label={t('fields.type')} required>
              <Select
                data-testid="add-card-type"
                options={types.map((code) => ({
                  value: code,
                  label: t(`type.${TYPE_KEYS[code as CardType]}`),
                }))}
                onChange={() => form.setFieldsValue({ building: undefined, floor: undefined })}
              />
            </Form.Item>
          </Col>
          {(type === 2 || type === 3) && (
            <Col xs={12} md={8}>
              <Form.Item
                name="building"
                label={t('fields.building')}
                required
                rules={[codeRule((v) => checkCardScope(type, v as number, 1))]}
                extra={buildings.length === 0 ? t('addCard.noBuildings') : undefined}
              >
                <Select
                  placeholder={t('addCard.pickBuilding')}
                  options={buildings.map((b) => ({
                    value: b,
                    label: t('values.buildingN', { building: b }),
                  }))}
                  onChange={() => form.setFieldValue('floor', undefined)}
                  data-testid="add-card-building"
                />
              </Form.Item>
            </Col>
          )}
          {type === 3 && (
            <Col xs={12} md={8}>
              <Form.Item
                name="floor"
                label={t('fields.floor')}
                required
                dependencies={['building']}
                rules={[codeRule((v) => checkCardScope(3, building ?? 1, v as number))]}
              >
                <Select
                  placeholder={t('addCard.pickFloor')}
                  options={floors.map((f) => ({ value: f, label: t('values.floorN', { floor: f }) }))}
                  data-testid="add-card-floor"
                />
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="end"
              label={t('fields.expiry')}
              required
              extra={t('addCard.expiryHint')}
              rules={[
                codeRule((v) => {
                  const s = secondsOf(v as Dayjs | null | undefined);
                  return checkCardExpiry(s === undefined ? undefined : s * 1000, Date.now());
                }),
              ]}
            >
              <HotelTimePicker
                data-testid="add-card-expiry"
                disabledDate={(d) => d.isBefore(today) || d.isAfter(limit)}
              />
            </Form.Item>
            <Space wrap style={{ marginTop: -8, marginBottom: 16 }}>
              {QUICK_PICKS.map((pick) => (
                <Button
                  key={pick.key}
                  size="small"
                  onClick={() => setQuick(pick)}
                  data-testid={`add-card-${pick.key}`}
                >
                  {t(`addCard.${pick.key}`)}
                </Button>
              ))}
            </Space>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="note"
              label={t('fields.note')}
              rules={[{ max: MAX_NOTE, message: t('actions.noteTooLong') }]}
            >
              <Input maxLength={MAX_NOTE} showCount dir="auto" data-testid="add-card-note" />
            </Form.Item>
          </Col>
        </Row>
        {type !== 5 && type !== 6 && (
          <Form.Item
            name="access_controls"
            label={t('fields.accessControls')}
            extra={
              access.data?.length === 0 ? t('addCard.noAccessControls') : t('addCard.accessControlsHint')
            }
            rules={[codeRule((v) => checkAccessControls((v as number[] | undefined) ?? []))]}
          >
            <Select
              mode="multiple"
              allowClear
              loading={access.isLoading}
              options={(access.data ?? []).map((a) => ({ value: a.room_id, label: a.name }))}
              data-testid="add-card-access"
            />
          </Form.Item>
        )}
        {type === 5 && (
          <Form.Item
            name="room_ids"
            label={t('fields.rooms')}
            required={!everyLock}
            extra={everyLock ? t('addCard.roomsHint') : undefined}
            rules={[
              {
                validator: async (_rule, value?: number[]) => {
                  if (!everyLock && !value?.length) throw new Error(t('addCard.roomsRequired'));
                },
              },
            ]}
          >
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={everyLock ? t('values.allRooms') : undefined}
              loading={rooms.isLoading}
              options={(rooms.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
              data-testid="add-card-rooms"
            />
          </Form.Item>
        )}
        {type !== 5 && type !== 6 && (
          <Form.Item
            name="unsubscribe_old"
            label={t('writer.unsubscribeOld')}
            valuePropName="checked"
            extra={t('writer.unsubscribeOldHint')}
          >
            <Switch data-testid="add-card-unsubscribe-old" />
          </Form.Item>
        )}
        <Space wrap>
          <Button
            type="primary"
            htmlType="submit"
            icon={<CreditCardOutlined />}
            loading={write.running}
            data-testid="add-card-write"
          >
            {t('addCard.write')}
          </Button>
        </Space>
      </Form>
      <CardWriteProgress write={write} />
    </Card>
  );
}
