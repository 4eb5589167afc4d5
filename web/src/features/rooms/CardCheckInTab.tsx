import { CreditCardOutlined } from '@ant-design/icons';
import { ROOM_STATUS } from '@lockdesk/protocol';
import { Alert, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths.ts';
import type { Room } from './api.ts';
import { LinkButton } from './LinkButton.tsx';
import { offersCheckIn } from './status.ts';

/**
 * Card check-in. The card writer belongs to the cards issue; until it lands this tab says so plainly and sends the
 * operator to the check-in page for the other kinds (password, face, fingerprint).
 */
export function CardCheckInTab({ room }: { room: Room }) {
  const { t } = useTranslation('rooms');
  const canCheckIn = offersCheckIn(room.status);
  return (
    <Result
      icon={<CreditCardOutlined />}
      title={t('card.title')}
      subTitle={<span data-testid="card-writer-pending">{t('card.pending')}</span>}
      extra={
        <Space orientation="vertical" size={12} align="center" style={{ maxWidth: 520 }}>
          {canCheckIn ? (
            <LinkButton
              type="primary"
              to={`${PATHS.checkIn}?room_id=${room.id}`}
              data-testid="card-other-kinds"
            >
              {t('card.otherKinds')}
            </LinkButton>
          ) : (
            <Alert
              type="info"
              showIcon
              title={room.status === ROOM_STATUS.checkedIn ? t('card.occupied') : t('card.blocked')}
            />
          )}
          <Typography.Text type="secondary">{t('card.kindsHint')}</Typography.Text>
        </Space>
      }
    />
  );
}
