import { formatCardTime, formatMacId, isEmptyCardTime } from '@lockdesk/protocol';
import { Alert, Card, Descriptions, Empty, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../shared/LinkButton.tsx';
import { detailPath } from '../../shared/roomLinks.ts';
import { BatteryLevel } from '../../shared/rooms/BatteryLevel.tsx';
import { StatusTag } from '../../shared/rooms/StatusTag.tsx';
import { StayLine } from '../../shared/rooms/StayLine.tsx';
import { useLockOfCard } from './api.ts';

/** A card time in Asia/Shanghai, kept left to right; '—' for the empty markers. */
export function cardTimeText(raw: string | number | null | undefined): string {
  const seconds = Number(raw);
  if (
    raw === null ||
    raw === undefined ||
    raw === '' ||
    !Number.isFinite(seconds) ||
    isEmptyCardTime(seconds)
  )
    return '—';
  return `\u2066${formatCardTime(seconds)}\u2069`;
}

/**
 * /room/thetouristsDetailsNoUser (spec §4 step 8): a card with no guest record but a lock on it. The query holds
 * the card's data (mac_id, card_id, uid, type, start_time, end_time); the page shows the lock's room from
 * room/lockInfo (room, status, battery, the guest in the room now) beside the card's own times.
 */
export default function LockDetailsPage() {
  const { t } = useTranslation('cardReading');
  const [params] = useSearchParams();
  const mac = (params.get('mac_id') ?? '').toUpperCase();
  const lock = useLockOfCard(mac);
  const type = params.get('type') ?? '0';

  const card = (
    <Card title={t('lockPage.cardTitle')} data-testid="lock-details-card">
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
        <Descriptions.Item label={t('fields.cardNumber')}>
          <bdi dir="ltr" data-testid="lock-details-card-id">
            {params.get('card_id') || '—'}
          </bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.cardType')}>
          {t(`types.${type}`, { defaultValue: type })}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.uid')}>
          <bdi dir="ltr">{params.get('uid') || '—'}</bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.mac')}>
          <bdi dir="ltr" data-testid="lock-details-mac">
            {mac ? formatMacId(mac) : '—'}
          </bdi>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.validFrom')}>
          <span data-testid="lock-details-start">{cardTimeText(params.get('start_time'))}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.validUntil')}>
          <span data-testid="lock-details-end">{cardTimeText(params.get('end_time'))}</span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('lockPage.noGuest')}
      </Typography.Paragraph>
    </Card>
  );

  let room: ReactNode;
  if (!mac) room = <Empty description={t('lockPage.noRoom')} />;
  else if (lock.isError) room = <Alert type="error" showIcon message={t('lockPage.loadFailed')} />;
  else if (lock.isLoading) room = <Spin />;
  else if (!lock.data) room = <Empty data-testid="lock-details-no-room" description={t('lockPage.noRoom')} />;
  else {
    const r = lock.data;
    room = (
      <Descriptions column={{ xs: 1, md: 2 }} bordered size="small">
        <Descriptions.Item label={t('fields.room')}>
          <span data-testid="lock-details-room">{r.name}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.roomStatus')}>
          <StatusTag status={r.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.battery')}>
          <BatteryLevel level={r.battery} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.currentGuest')}>
          <StayLine tenant={r.tenant ?? null} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.building')}>{r.building ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('fields.floor')}>{r.floor ?? '—'}</Descriptions.Item>
      </Descriptions>
    );
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="lock-details">
      <Card
        title={t('lockPage.title')}
        extra={
          lock.data ? (
            <LinkButton to={detailPath(lock.data)} data-testid="lock-details-room-link">
              {t('lockPage.roomDetail')}
            </LinkButton>
          ) : null
        }
      >
        {room}
      </Card>
      {card}
    </Space>
  );
}
