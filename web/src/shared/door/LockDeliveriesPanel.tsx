import { ApiOutlined, ReloadOutlined, UnlockOutlined } from '@ant-design/icons';
import {
  Alert,
  Badge,
  Button,
  Card,
  Descriptions,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type Delivery,
  type LockSyncRow,
  useBluetoothUnlock,
  useInstallVirtualLock,
  useLockDeliveries,
  useVirtualLocks,
  virtualLockOf,
} from '../../api/door.ts';
import { can } from '../../app/permissions.ts';
import { deliveryItem, doorErrorText, doorTime, STATE_COLOURS } from './format.ts';
import { SimulatorError } from './simulator.ts';

/** The room facts the panel needs (a room of room/info). */
export interface DoorRoom {
  id: number;
  mac_id: string | null;
}

/**
 * A room's lock and what it must learn (issue 10 §4, contract D lock/inLockList): the last sync, the changes
 * waiting, each delivery with its state (issued, waiting for the lock's next sync, confirmed by the lock), the last
 * syncs, and the door itself: the Bluetooth unlock of the room's virtual lock when the simulator runs (SIMULATED),
 * or the phone app's job when it does not.
 */
export function LockDeliveriesPanel({ room }: { room: DoorRoom }) {
  const { t } = useTranslation('door');
  const hasLock = Boolean(room.mac_id);
  const deliveries = useLockDeliveries(room.id, hasLock);

  if (!hasLock)
    return (
      <Card size="small" title={t('panel.title')} data-testid="door-panel">
        <Alert type="info" showIcon title={t('panel.noLock')} data-testid="door-no-lock" />
      </Card>
    );

  const data = deliveries.data;
  return (
    <Card
      size="small"
      title={t('panel.title')}
      data-testid="door-panel"
      extra={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={deliveries.isFetching}
          onClick={() => deliveries.refetch()}
          data-testid="door-refresh"
        >
          {t('refresh')}
        </Button>
      }
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {deliveries.isError && !data ? (
          <Alert
            type="error"
            showIcon
            title={t('panel.loadFailed')}
            description={doorErrorText(t, deliveries.error)}
            data-testid="door-error"
            action={
              <Button size="small" onClick={() => deliveries.refetch()}>
                {t('tryAgain')}
              </Button>
            }
          />
        ) : (
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'lastSync',
                label: t('panel.lastSync'),
                children: (
                  <span data-testid="door-last-sync">
                    {data ? data.last_sync_at ? <Time seconds={data.last_sync_at} /> : t('panel.never') : '…'}
                  </span>
                ),
              },
              {
                key: 'waiting',
                label: <Tooltip title={t('panel.waitingHint')}>{t('panel.waiting')}</Tooltip>,
                children: (
                  <Badge
                    showZero
                    count={data?.waiting ?? 0}
                    color={data?.waiting ? 'orange' : 'green'}
                    data-testid="door-waiting"
                    data-count={data?.waiting ?? 0}
                  />
                ),
              },
            ]}
          />
        )}
        {data && !data.installed ? (
          <Alert type="warning" showIcon title={t('panel.noSecret')} data-testid="door-no-secret" />
        ) : null}
        <DoorControls roomId={room.id} mac={room.mac_id ?? ''} />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('panel.deliveries')}
        </Typography.Title>
        <DeliveryTable list={data?.list ?? []} loading={deliveries.isPending && hasLock} />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('panel.syncs')}
        </Typography.Title>
        <SyncTable list={data?.syncs ?? []} loading={deliveries.isPending && hasLock} />
      </Space>
    </Card>
  );
}

/**
 * The door beside the room: with the simulator, the virtual lock (SIMULATED) with its Bluetooth unlock, or the
 * button that installs it; without, what the phone app does.
 */
function DoorControls({ roomId, mac }: { roomId: number; mac: string }) {
  const { t } = useTranslation('door');
  const locks = useVirtualLocks();
  const unlock = useBluetoothUnlock();
  const install = useInstallVirtualLock();

  if (locks.isPending) return null;
  // No simulator beside this console (a real site): the phone app does the Bluetooth unlock.
  if (locks.isError) {
    const noSimulator =
      locks.error instanceof SimulatorError &&
      (locks.error.kind === 'unreachable' || locks.error.kind === 'noLocks');
    return (
      <Alert
        type="info"
        showIcon
        icon={<UnlockOutlined />}
        title={t('bluetooth.phoneApp')}
        description={noSimulator ? undefined : doorErrorText(t, locks.error)}
        data-testid="door-phone-app"
      />
    );
  }

  const lock = virtualLockOf(locks.data, mac);
  const simulated = (
    <Tag color="magenta" data-testid="door-simulated">
      {t('virtual.simulated')}
    </Tag>
  );

  if (!lock) {
    const allowed = can('room.manage');
    return (
      <Card
        size="small"
        type="inner"
        title={
          <Space>
            <ApiOutlined />
            {t('virtual.title')}
          </Space>
        }
        data-testid="door-virtual"
        data-installed="false"
      >
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Space wrap>
            {simulated}
            <Typography.Text>{t('virtual.notInstalled')}</Typography.Text>
          </Space>
          {allowed ? (
            <Space wrap>
              <Button
                type="primary"
                loading={install.isPending}
                onClick={() => install.mutate({ roomId, mac })}
                data-testid="door-install"
              >
                {t('virtual.install')}
              </Button>
              <Typography.Text type="secondary">{t('virtual.installHint')}</Typography.Text>
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('virtual.adminsOnly')}</Typography.Text>
          )}
          {install.isError ? (
            <Alert
              type="error"
              showIcon
              title={t('virtual.installFailed')}
              description={doorErrorText(t, install.error)}
              data-testid="door-install-error"
            />
          ) : null}
        </Space>
      </Card>
    );
  }

  const result = unlock.data;
  return (
    <Card
      size="small"
      type="inner"
      title={
        <Space>
          <ApiOutlined />
          {t('virtual.title')}
        </Space>
      }
      data-testid="door-virtual"
      data-installed="true"
    >
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <Space wrap>
          {simulated}
          <Typography.Text>{t('virtual.installed')}</Typography.Text>
          <Typography.Text type="secondary" data-testid="door-buffered">
            {t('virtual.buffered', { buffered: lock.buffered ?? 0 })}
          </Typography.Text>
        </Space>
        <Space wrap>
          <Button
            type="primary"
            icon={<UnlockOutlined />}
            loading={unlock.isPending}
            onClick={() => unlock.mutate({ roomId, mac: lock.mac_id })}
            data-testid="door-bluetooth"
          >
            {t('bluetooth.button')}
          </Button>
          <Typography.Text type="secondary">{t('bluetooth.hint')}</Typography.Text>
        </Space>
        {unlock.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('bluetooth.failed')}
            description={doorErrorText(t, unlock.error)}
            data-testid="door-sync-error"
          />
        ) : null}
        {result && unlock.isSuccess ? (
          <Alert
            type="success"
            showIcon
            title={t('bluetooth.done')}
            data-testid="door-sync-result"
            data-uploaded={result.uploaded}
            description={
              <>
                <div>
                  {t('bluetooth.learned', {
                    deleted: result.learned.deleted_cards,
                    universal: result.learned.universal_cards,
                    passwords: result.learned.passwords,
                    faces: result.learned.faces,
                    fingerprints: result.learned.fingerprints,
                  })}
                </div>
                <div>
                  {t('bluetooth.uploaded', { uploaded: result.uploaded, duplicates: result.duplicates })}
                </div>
              </>
            }
          />
        ) : null}
      </Space>
    </Card>
  );
}

/** A time of the panel, read left to right in an Arabic page too ('2026-11-25 16:32', not '16:32 2026-11-25'). */
function Time({ seconds }: { seconds: number }) {
  return (
    <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
      {doorTime(seconds)}
    </span>
  );
}

/** The deliveries of the lock with their state tags. */
function DeliveryTable({ list, loading }: { list: Delivery[]; loading: boolean }) {
  const { t } = useTranslation('door');
  const columns: TableColumnsType<Delivery & { key: string }> = [
    {
      key: 'kind',
      title: t('columns.kind'),
      render: (_v, d) => (
        <Space size={4} wrap>
          <span>{t(`kinds.${d.kind}`, { defaultValue: d.kind })}</span>
          {/* An issued guest card is on the card itself: nothing for the lock to learn or forget. */}
          {d.state === 'issued' ? null : <Tag>{t(`actions.${d.action}`, { defaultValue: d.action })}</Tag>}
        </Space>
      ),
    },
    {
      key: 'item',
      title: t('columns.item'),
      render: (_v, d) => (
        <span dir="auto" data-testid="door-delivery-label">
          {deliveryItem(t, d)}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('columns.state'),
      render: (_v, d) => (
        <Tooltip title={t(`stateHints.${d.state}`, { defaultValue: '' })}>
          <Tag
            color={STATE_COLOURS[d.state] ?? 'default'}
            data-testid="door-delivery-state"
            data-state={d.state}
          >
            {t(`states.${d.state}`, { defaultValue: d.state })}
          </Tag>
        </Tooltip>
      ),
    },
    { key: 'changed', title: t('columns.changed'), render: (_v, d) => <Time seconds={d.changed_at} /> },
    { key: 'confirmed', title: t('columns.confirmed'), render: (_v, d) => <Time seconds={d.confirmed_at} /> },
  ];
  // A guest card with 'unsubscribe old card' is listed twice, as the sequence the lock must learn and as the card
  // itself (kind 'card', issued): the kind tells them apart. A card number without its card has no ref_id.
  const rows = list.map((d) => ({ ...d, key: `${d.kind}:${d.action}:${d.ref_id ?? d.subject}` }));
  return (
    <Table<Delivery & { key: string }>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={list.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
      locale={{ emptyText: t('panel.noDeliveries') }}
      scroll={{ x: 'max-content' }}
      data-testid="door-deliveries"
      onRow={(d) => ({ 'data-testid': 'door-delivery-row', 'data-state': d.state }) as object}
    />
  );
}

/** The lock's last syncs: when, who, how many records came up. */
function SyncTable({ list, loading }: { list: LockSyncRow[]; loading: boolean }) {
  const { t } = useTranslation('door');
  const columns: TableColumnsType<LockSyncRow> = [
    { key: 'started', title: t('columns.started'), render: (_v, s) => <Time seconds={s.started_at} /> },
    {
      key: 'finished',
      title: t('columns.finished'),
      render: (_v, s) =>
        s.finished_at ? <Time seconds={s.finished_at} /> : <Tag>{t('syncs.unfinished')}</Tag>,
    },
    {
      key: 'operator',
      title: t('columns.operator'),
      render: (_v, s) => <span dir="auto">{s.operator || '—'}</span>,
    },
    {
      key: 'records',
      title: t('columns.records'),
      render: (_v, s) => t('syncs.records', { stored: s.records_stored, duplicates: s.records_duplicate }),
    },
  ];
  return (
    <Table<LockSyncRow>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={list}
      loading={loading}
      pagination={false}
      locale={{ emptyText: t('panel.noSyncs') }}
      scroll={{ x: 'max-content' }}
      data-testid="door-syncs"
      onRow={() => ({ 'data-testid': 'door-sync-row' }) as object}
    />
  );
}
