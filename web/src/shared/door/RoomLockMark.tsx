import { SyncOutlined } from '@ant-design/icons';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { doorTime } from './format.ts';

/** What room/listNew says of a room's lock (contract D): changes waiting and its last sync (seconds, 0: never). */
export interface RoomLockFacts {
  mac_id: string | null;
  lock_waiting?: number | undefined;
  lock_synced_at?: number | undefined;
}

/**
 * A room's lock on the room list (issue 10 §4): a badge with the number of changes waiting for the lock's next
 * Bluetooth unlock, and the time of its last sync. Nothing for a room without a lock, or from a server that does
 * not say.
 */
export function RoomLockMark({ room }: { room: RoomLockFacts }) {
  const { t } = useTranslation('door');
  if (!room.mac_id || (room.lock_waiting === undefined && room.lock_synced_at === undefined)) return null;
  const waiting = room.lock_waiting ?? 0;
  const synced = room.lock_synced_at
    ? t('roomMark.lastSync', { time: doorTime(room.lock_synced_at) })
    : t('roomMark.neverSynced');
  return (
    <span
      style={{ display: 'inline-flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}
      data-testid="room-lock-mark"
      data-waiting={waiting}
    >
      {waiting > 0 ? (
        <Tooltip title={`${t('roomMark.waitingHint', { count: waiting })} · ${synced}`}>
          <Tag
            color="orange"
            icon={<SyncOutlined />}
            style={{ marginInlineEnd: 0 }}
            data-testid="room-lock-waiting"
          >
            {t('roomMark.waiting', { count: waiting })}
          </Tag>
        </Tooltip>
      ) : null}
      <Typography.Text
        type="secondary"
        style={{ fontSize: 12 }}
        data-testid="room-lock-synced"
        title={synced}
      >
        {synced}
      </Typography.Text>
    </span>
  );
}
