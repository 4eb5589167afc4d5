import { Alert, Flex, Popover, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardDelivery } from '../../api/door.ts';
import { doorErrorText, doorTime, STATE_COLOURS } from './format.ts';

/**
 * A card's lock state made into a popover (issue 10 §4): clicked, it lists per lock what the lock must do with
 * the card (refuse or learn it) and whether it is waiting for the lock's next sync or confirmed by the lock
 * (lock/cardDelivery), asked only when opened.
 */
export function CardDeliveryPopover({ cardId, children }: { cardId: number; children: ReactNode }) {
  const { t } = useTranslation('door');
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      title={t('card.title')}
      content={open ? <CardDeliveryList cardId={cardId} /> : null}
      destroyOnHidden
    >
      <button
        type="button"
        style={{
          cursor: 'pointer',
          display: 'inline-flex',
          padding: 0,
          border: 0,
          background: 'none',
          font: 'inherit',
        }}
        title={t('card.show')}
        aria-expanded={open}
        data-testid="card-delivery"
      >
        {children}
      </button>
    </Popover>
  );
}

function CardDeliveryList({ cardId }: { cardId: number }) {
  const { t } = useTranslation('door');
  const delivery = useCardDelivery(cardId, true);
  if (delivery.isPending) return <Spin size="small" />;
  if (delivery.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('card.loadFailed')}
        description={doorErrorText(t, delivery.error)}
        data-testid="card-delivery-error"
      />
    );
  const list = delivery.data.list;
  if (list.length === 0)
    return (
      <Typography.Text type="secondary" data-testid="card-delivery-list">
        {t('card.empty')}
      </Typography.Text>
    );
  return (
    <Flex
      vertical
      gap={8}
      style={{ maxWidth: 420, maxHeight: 320, overflowY: 'auto' }}
      data-testid="card-delivery-list"
    >
      {list.map((row) => (
        <div
          key={`${row.room_id}:${row.action}`}
          data-testid="card-delivery-row"
          data-room-id={row.room_id}
          data-state={row.state}
        >
          <Space size={6} wrap>
            <Typography.Text strong dir="auto">
              {row.room_name}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t(`card.${row.action}`, { defaultValue: row.action })}
            </Typography.Text>
            <Tag color={STATE_COLOURS[row.state] ?? 'default'}>
              {t(`states.${row.state}`, { defaultValue: row.state })}
            </Tag>
          </Space>
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <span dir="ltr">
                {row.state === 'confirmed' ? doorTime(row.confirmed_at) : doorTime(row.changed_at)}
              </span>
              {' · '}
              {row.last_sync_at
                ? t('card.lastSync', { time: doorTime(row.last_sync_at) })
                : t('card.neverSynced')}
            </Typography.Text>
          </div>
        </div>
      ))}
    </Flex>
  );
}

/** A card whose locks all learned what they had to ('done'), with the same per-lock popover. */
export function CardLockSynced({ cardId }: { cardId: number }) {
  const { t } = useTranslation('door');
  return (
    <CardDeliveryPopover cardId={cardId}>
      <Tag color="green" data-testid="card-sync-done">
        {t('card.synced')}
      </Tag>
    </CardDeliveryPopover>
  );
}
