import { Card, Typography } from 'antd';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Room } from '../../api/rooms.ts';
import { PATHS } from '../../app/paths.ts';
import { RoomLockMark } from '../../shared/door/RoomLockMark.tsx';
import { LinkButton } from '../../shared/LinkButton.tsx';
import { detailPath } from '../../shared/roomLinks.ts';
import { BatteryLevel } from '../../shared/rooms/BatteryLevel.tsx';
import { StatusTag } from '../../shared/rooms/StatusTag.tsx';
import { StayLine } from '../../shared/rooms/StayLine.tsx';
import { offersCheckIn, STATUS_ACCENTS, statusKey } from '../../shared/rooms/status.ts';

/**
 * One room on the list: name, group, status (its colour on the card's edge), guest and stay left, battery.
 * Memoised: the page redraws as its other parts settle (the groups' answer, the status counts, a typed search),
 * and a card is only drawn again when its room changed (the query cache keeps unchanged rooms the same object).
 */
export const RoomCard = memo(function RoomCard({ room }: { room: Room }) {
  const { t } = useTranslation('rooms');
  const key = statusKey(room.status);
  return (
    <Card
      size="small"
      data-testid="room-item"
      data-room-id={room.id}
      data-status={key}
      className="rooms-card"
      style={{ borderInlineStartWidth: 4, borderInlineStartColor: STATUS_ACCENTS[key], height: '100%' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 6, height: '100%' } }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, justifyContent: 'space-between' }}>
        <Link to={detailPath(room)} data-testid="room-open" style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 18 }} ellipsis={{ tooltip: room.name }}>
            {room.name}
          </Typography.Text>
        </Link>
        <StatusTag status={room.status} />
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <Typography.Text type="secondary" ellipsis>
          {room.category_name || t('list.noGroup')}
        </Typography.Text>
        <BatteryLevel level={room.battery} />
      </div>
      <StayLine tenant={room.tenant ?? null} />
      <RoomLockMark room={room} />
      <div style={{ marginTop: 'auto', display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        <LinkButton size="small" to={detailPath(room)}>
          {t('list.details')}
        </LinkButton>
        {offersCheckIn(room.status) ? (
          <LinkButton
            size="small"
            type="primary"
            to={`${PATHS.checkIn}?room_id=${room.id}`}
            data-testid="room-check-in"
          >
            {t('list.checkIn')}
          </LinkButton>
        ) : null}
      </div>
    </Card>
  );
});
