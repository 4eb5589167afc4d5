import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoomTenant } from '../../api/rooms.ts';
import { formatHotelTime } from '../../app/time.ts';
import { remainingParts } from './status.ts';

/** The room's guest and how long the stay has left (or when a reservation arrives); 'no guest' otherwise. */
export function StayLine({ tenant }: { tenant: RoomTenant | null }) {
  const { t } = useTranslation('rooms');
  if (!tenant)
    return (
      <Typography.Text type="secondary" data-testid="room-guest">
        {t('stay.none')}
      </Typography.Text>
    );
  const who = tenant.nickname || tenant.mobile;
  let when: string;
  if (tenant.state === 'upcoming') when = t('stay.arrives', { time: formatHotelTime(tenant.start_time) });
  else if (tenant.state === 'expired') when = t('stay.overdue');
  else {
    const { days, hours, minutes } = remainingParts(tenant.remaining);
    when =
      days > 0
        ? t('stay.leftDays', { days, hours })
        : hours > 0
          ? t('stay.leftHours', { hours, minutes })
          : t('stay.leftMinutes', { minutes });
  }
  return (
    <div data-testid="room-guest" style={{ minWidth: 0 }}>
      <Typography.Text ellipsis style={{ display: 'block' }}>
        {who}
      </Typography.Text>
      <Typography.Text type={tenant.state === 'expired' ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {when}
      </Typography.Text>
    </div>
  );
}
