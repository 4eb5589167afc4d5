import { CreditCardOutlined } from '@ant-design/icons';
import { checkAccessControls, checkCardScope } from '@lockdesk/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form, Input, Result, Select, Space, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Card as CardRecord, invalidateCards, useAccessControls } from '../../api/cards.ts';
import { lockRoomsQuery } from '../../api/locks.ts';
import { PATHS } from '../../app/paths.ts';
import { formatHotelTime, fromHotelWallClock } from '../../app/time.ts';
import { ReaderStatus } from '../../cardService/ReaderStatus.tsx';
import { errorMessage } from '../../i18n/index.ts';
import { ruleOf } from '../../shared/rules.ts';
import { allocateSpecialCard, confirmSpecialCard, type IssueRequest } from './api.ts';
import { ExpiryField } from './ExpiryField.tsx';
import { canIssue, listPathOf, roleOf } from './kinds.ts';
import { buildingsOf, floorsOf } from './scope.ts';
import { SpecialCardWrite, useSpecialCardWrite } from './writer.tsx';

/** The card types this page issues: master, building, floor (room/cardAdd) and universal/super (managerAddNew). */
export type IssueType = IssueRequest['type'];

interface IssueValues {
  type?: IssueType;
  start?: Dayjs | null;
  expiry?: Dayjs | null;
  building?: number;
  floor?: number;
  access_controls?: number[];
  room_ids?: number[];
  note?: string;
  unsubscribe_old?: boolean;
}

const TITLE: Record<IssueType, string> = {
  1: 'titles.addMaster',
  2: 'titles.addBuilding',
  3: 'titles.addFloor',
  5: 'titles.addUniversal',
  6: 'titles.addUniversal',
};

/**
 * The issue form of a special card (`/card/featureCard/add*`, `/card/universalCardList/addUniversalCard`): expiry
 * (required, future, ≤ 2035, quick picks), building (building cards), building and floor (floor cards), at most 3
 * access controls, the locks a universal card opens, a note, 'unsubscribe old card'; then the card service writes
 * the card on the encoder (steps shown, cancellable) and the server issues it only once it read back as written.
 */
export function IssueCardPage({ type: initialType }: { type: IssueType }) {
  const { t } = useTranslation('specialCards');
  const client = useQueryClient();
  const [form] = Form.useForm<IssueValues>();
  const universal = initialType === 5 || initialType === 6;
  const chosenType = (Form.useWatch('type', form) ?? initialType) as IssueType;
  const building = Form.useWatch('building', form);
  const rooms = useQuery(lockRoomsQuery);
  const accessControls = useAccessControls();
  const buildings = useMemo(() => buildingsOf(rooms.data?.list ?? []), [rooms.data]);
  const floors = useMemo(() => floorsOf(rooms.data?.list ?? [], building), [rooms.data, building]);
  const request = useRef<IssueRequest | null>(null);
  const [issued, setIssued] = useState<CardRecord | null>(null);
  const role = roleOf();
  const mayIssue = canIssue(chosenType);
  // A universal card for every lock is the super administrator's alone (the server refuses it to others).
  const allLocksRefused = role !== '' && role !== 'super';

  const writer = useSpecialCardWrite<CardRecord>({
    allocate: (uid) => {
      if (!request.current) throw new Error('no request');
      return allocateSpecialCard(request.current, uid);
    },
    confirm: confirmSpecialCard,
  });

  const submit = (values: IssueValues) => {
    const type = (values.type ?? initialType) as IssueType;
    request.current = {
      type,
      end_time: fromHotelWallClock(values.expiry as Dayjs),
      ...(values.start ? { start_time: fromHotelWallClock(values.start) } : {}),
      ...(type === 2 || type === 3 ? { building: values.building as number } : {}),
      ...(type === 3 ? { floor: values.floor as number } : {}),
      ...(values.note?.trim() ? { note: values.note.trim() } : {}),
      ...(values.access_controls?.length ? { access_controls: values.access_controls } : {}),
      ...(values.room_ids?.length ? { room_ids: values.room_ids } : {}),
      unsubscribe_old: values.unsubscribe_old ? 1 : 0,
    };
    setIssued(null);
    writer.start().then(
      (card) => {
        if (card) {
          setIssued(card);
          invalidateCards(client);
        }
      },
      () => {},
    );
  };

  if (issued) {
    return (
      <Card title={t(TITLE[initialType])} data-testid="special-card-issue">
        <Result
          status="success"
          title={t('messages.issuedTitle')}
          subTitle={t('messages.issued', { cardNumber: issued.card_id })}
          data-testid="card-issued"
          data-card-id={issued.card_id}
          extra={[
            <Button key="another" onClick={() => setIssued(null)} data-testid="card-issue-another">
              {t('actions.another')}
            </Button>,
            <Link key="back" to={listPathOf(issued.type)}>
              <Button type="primary" data-testid="card-back">
                {t('actions.back')}
              </Button>
            </Link>,
          ]}
        >
          <Space direction="vertical">
            <span>
              {t(`types.${issued.type}`)} · {t('fields.expiry')}: {formatHotelTime(issued.end_time)}
            </span>
            {issued.type === 5 || issued.type === 6 ? (
              <Alert
                type="info"
                showIcon
                title={t('messages.universalNotice')}
                data-testid="bluetooth-notice"
              />
            ) : null}
          </Space>
        </Result>
      </Card>
    );
  }

  const busy = writer.busy;
  return (
    <Card title={t(TITLE[initialType])} data-testid="special-card-issue" extra={<ReaderStatus refreshable />}>
      {initialType === 1 && role !== '' && role !== 'super' ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('hints.secondaryMaster')}
          data-testid="card-master-secondary"
        />
      ) : null}
      {universal ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('messages.universalNotice')} />
      ) : null}
      <Form<IssueValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        disabled={busy}
        initialValues={{ type: universal ? initialType : undefined, unsubscribe_old: false }}
        onFinish={submit}
      >
        {universal ? (
          <Form.Item name="type" label={t('fields.type')}>
            <Select
              options={[
                { value: 5, label: t('types.5') },
                ...(canIssue(6) ? [{ value: 6, label: t('types.6') }] : []),
              ]}
              data-testid="card-type"
            />
          </Form.Item>
        ) : null}
        <ExpiryField form={form} />
        {chosenType === 2 || chosenType === 3 ? (
          <Form.Item
            name="building"
            label={t('fields.building')}
            required
            extra={rooms.isSuccess && buildings.length === 0 ? t('hints.noBuildings') : undefined}
            rules={[ruleOf((value) => checkCardScope(chosenType, value as number | undefined, 1))]}
          >
            <Select
              placeholder={t('placeholders.building')}
              loading={rooms.isLoading}
              options={buildings.map((b) => ({ value: b, label: t('values.buildingNo', { building: b }) }))}
              onChange={() => form.setFieldValue('floor', undefined)}
              data-testid="card-building"
            />
          </Form.Item>
        ) : null}
        {chosenType === 3 ? (
          <Form.Item
            name="floor"
            label={t('fields.floor')}
            required
            dependencies={['building']}
            extra={building !== undefined && floors.length === 0 ? t('hints.noFloors') : undefined}
            rules={[
              ruleOf((value) =>
                checkCardScope(3, form.getFieldValue('building') ?? 1, value as number | undefined),
              ),
            ]}
          >
            <Select
              placeholder={t('placeholders.floor')}
              disabled={building === undefined || busy}
              options={floors.map((f) => ({ value: f, label: t('values.floorNo', { floor: f }) }))}
              data-testid="card-floor"
            />
          </Form.Item>
        ) : null}
        {universal ? (
          <Form.Item
            name="room_ids"
            label={t('fields.rooms')}
            required={allLocksRefused}
            extra={allLocksRefused ? t('hints.roomsRequired') : t('hints.rooms')}
            rules={[
              {
                validator: async (_r, value?: number[]) => {
                  if (allLocksRefused && !value?.length) throw new Error(t('hints.roomsRequired'));
                },
              },
            ]}
          >
            <Select
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('placeholders.rooms')}
              loading={rooms.isLoading}
              options={(rooms.data?.list ?? []).map((r) => ({ value: r.room_id ?? r.id, label: r.name }))}
              data-testid="card-rooms"
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="access_controls"
            label={t('fields.accessControls')}
            extra={
              accessControls.isSuccess && accessControls.data.length === 0
                ? t('hints.noAccessControls')
                : t('hints.accessControls')
            }
            rules={[
              {
                validator: async (_r, value?: number[]) => {
                  const code = checkAccessControls(value ?? []);
                  if (code) throw new Error(errorMessage(code));
                },
              },
            ]}
          >
            <Select
              mode="multiple"
              allowClear
              maxCount={3}
              placeholder={t('placeholders.accessControls')}
              loading={accessControls.isLoading}
              options={(accessControls.data ?? []).map((r) => ({ value: r.room_id, label: r.name }))}
              data-testid="card-access-controls"
            />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('fields.note')}>
          <Input maxLength={64} placeholder={t('placeholders.note')} dir="auto" data-testid="card-note" />
        </Form.Item>
        <Form.Item
          name="unsubscribe_old"
          label={t('fields.unsubscribeOld')}
          valuePropName="checked"
          extra={universal ? t('hints.unsubscribeOldUniversal') : t('hints.unsubscribeOld')}
        >
          <Switch data-testid="card-unsubscribe-old" />
        </Form.Item>
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('hints.placeCard')} />
        <Flex gap={8} wrap>
          <Button
            type="primary"
            htmlType="submit"
            icon={<CreditCardOutlined />}
            loading={busy}
            disabled={!mayIssue && initialType !== 1}
            data-testid="card-write"
          >
            {t('actions.write')}
          </Button>
          <Link
            to={initialType === 5 || initialType === 6 ? PATHS.universalCardList : listPathOf(initialType)}
          >
            <Button disabled={false}>{t('actions.back')}</Button>
          </Link>
        </Flex>
      </Form>
      <SpecialCardWrite writer={writer} />
    </Card>
  );
}

export function AddMasterCardPage() {
  return <IssueCardPage type={1} />;
}
export function AddBuildingCardPage() {
  return <IssueCardPage type={2} />;
}
export function AddFloorCardPage() {
  return <IssueCardPage type={3} />;
}
export function AddUniversalCardPage() {
  return <IssueCardPage type={5} />;
}
