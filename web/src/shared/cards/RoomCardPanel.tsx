import { ROOM_STATUS } from '@lockdesk/protocol';
import { Alert, Button, Card, Form, Row, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStayCards } from '../../api/cards.ts';
import { type Stay, useCheckIn, useRoomStays } from '../../api/stays.ts';
import { PATHS } from '../../app/paths.ts';
import { hotelNow } from '../../app/time.ts';
import { hotelTimeText, secondsOf } from '../format.ts';
import { LinkButton } from '../LinkButton.tsx';
import { DisableOldCardsField, GuestFields, StayPeriodFields } from '../stays/StayPeriodFields.tsx';
import { CardTable } from './CardTable.tsx';
import { GuestCardWriter } from './GuestCardWriter.tsx';

/** What the panel needs of a room (the rooms feature's Room). */
export interface RoomForCards {
  id: number;
  status: number;
  tenant?: {
    stay_id: number;
    mobile: string;
    nickname: string;
    start_time: number;
    end_time: number;
    state: string;
  } | null;
}

interface CardCheckInValues {
  mobile?: string;
  nickname?: string;
  start?: Dayjs | null;
  end?: Dayjs | null;
  disable_old_cards?: boolean;
}

/** A stay the writer works for, as far as this panel knows it. */
interface PanelStay {
  stay_id: number;
  room_id: number;
  mobile: string;
  nickname: string;
  start_time: number;
  end_time: number;
  state: string;
  disable_old_cards?: boolean;
}

/** The check-in form of the card tab: the guest and the period; the card is written right after. */
function CardCheckInForm({ roomId, onCheckedIn }: { roomId: number; onCheckedIn: (stay: Stay) => void }) {
  const { t: tc } = useTranslation('cards');
  const [form] = Form.useForm<CardCheckInValues>();
  const checkIn = useCheckIn();
  const now = hotelNow().second(0).millisecond(0);
  const submit = (values: CardCheckInValues) =>
    checkIn.mutate(
      {
        room_id: roomId,
        mobile: (values.mobile ?? '').trim(),
        ...((values.nickname ?? '').trim() ? { nickname: (values.nickname ?? '').trim() } : {}),
        start_time: secondsOf(values.start) ?? 0,
        end_time: secondsOf(values.end) ?? 0,
        disable_old_cards: !!values.disable_old_cards,
        kind: 'card',
        tenants: [],
      },
      { onSuccess: onCheckedIn },
    );
  return (
    <Form<CardCheckInValues>
      form={form}
      layout="vertical"
      requiredMark
      onFinish={submit}
      data-testid="card-checkin-form"
      initialValues={{ start: now, end: now.add(1, 'day').hour(12).minute(0), disable_old_cards: false }}
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {tc('tab.checkInTitle')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{tc('tab.checkInHint')}</Typography.Paragraph>
      <Row gutter={16}>
        <GuestFields md={12} testIdPrefix="card-checkin" />
        <StayPeriodFields md={12} testIdPrefix="card-checkin" />
      </Row>
      <DisableOldCardsField testId="card-checkin-disable-old" />
      <Space wrap>
        <Button
          type="primary"
          htmlType="submit"
          loading={checkIn.isPending}
          data-testid="card-checkin-submit"
        >
          {tc('tab.checkIn')}
        </Button>
        <LinkButton to={`${PATHS.checkIn}?room_id=${roomId}`} data-testid="card-other-kinds">
          {tc('tab.otherKinds')}
        </LinkButton>
      </Space>
    </Form>
  );
}

/** The stay's cards and the writer of another one. */
function StayCards({ stay, justCheckedIn }: { stay: PanelStay; justCheckedIn: boolean }) {
  const { t } = useTranslation('cards');
  const cards = useStayCards(stay.stay_id);
  const list = cards.data?.list ?? [];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="stay-cards">
      {justCheckedIn && (
        <Alert type="success" showIcon title={t('tab.checkedIn')} data-testid="card-checked-in" />
      )}
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('tab.stayTitle')}
        </Typography.Title>
        <Typography.Text>{t('tab.guest', { guest: stay.nickname || stay.mobile })}</Typography.Text>
        <br />
        <Typography.Text type="secondary">
          {t('tab.period', { start: hotelTimeText(stay.start_time), end: hotelTimeText(stay.end_time) })}
        </Typography.Text>
        {stay.state === 'upcoming' && (
          <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('tab.upcoming')} />
        )}
      </div>
      <Card size="small">
        <GuestCardWriter stay={stay} hasCards={list.some((c) => c.status === 'issued')} />
      </Card>
      {cards.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('list.loadFailed')}
          action={
            <Button size="small" onClick={() => cards.refetch()}>
              {t('list.retry')}
            </Button>
          }
        />
      ) : (
        <CardTable
          cards={list}
          loading={cards.isLoading}
          empty={<span data-testid="stay-cards-empty">{t('list.stayEmpty')}</span>}
          testId="stay-card-table"
        />
      )}
    </Space>
  );
}

/**
 * The room detail's card tab (spec §2 'card check-in'): a vacant or reserved room checks a guest in and writes the
 * card; an occupied room writes another card for its current stay and lists the stay's cards with their actions;
 * a room under maintenance or dirty says why nothing can be done.
 */
export function RoomCardPanel({ room }: { room: RoomForCards }) {
  const { t } = useTranslation('cards');
  const [checkedIn, setCheckedIn] = useState<Stay>();
  const tenant = room.tenant && room.tenant.stay_id > 0 ? room.tenant : undefined;
  const stays = useRoomStays(tenant ? room.id : 0, 1);
  const fullStay = stays.data?.list.find((s) => s.stay_id === tenant?.stay_id);
  const stay: PanelStay | undefined = checkedIn
    ? checkedIn
    : tenant
      ? {
          ...tenant,
          room_id: room.id,
          ...(fullStay ? { disable_old_cards: fullStay.disable_old_cards } : {}),
        }
      : undefined;

  const open = room.status === ROOM_STATUS.vacant || room.status === ROOM_STATUS.reserved;
  return (
    <div data-testid="room-card-panel">
      {stay ? (
        <StayCards key={stay.stay_id} stay={stay} justCheckedIn={checkedIn?.stay_id === stay.stay_id} />
      ) : open ? (
        <CardCheckInForm roomId={room.id} onCheckedIn={setCheckedIn} />
      ) : (
        <Alert type="warning" showIcon title={t('tab.blocked')} data-testid="card-tab-blocked" />
      )}
    </div>
  );
}
