import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RoomMissing, useRoom } from '../../api/rooms.ts';
import { useMobile } from '../../app/layout/useMobile.ts';
import { PATHS } from '../../app/paths.ts';
import { LockDeliveriesPanel } from '../../shared/door/LockDeliveriesPanel.tsx';
import { LinkButton } from '../../shared/LinkButton.tsx';
import { RoomPricePanel } from '../../shared/prices/RoomPricePanel.tsx';
import { DETAIL_TABS, type DetailTab, detailTabOf } from '../../shared/roomLinks.ts';
import { BatteryLevel } from '../../shared/rooms/BatteryLevel.tsx';
import { StatusTag } from '../../shared/rooms/StatusTag.tsx';
import { formatMac } from '../../shared/rooms/status.ts';
import { PasswordPanel } from '../../shared/stays/PasswordPanel.tsx';
import { TenantPanel } from '../../shared/stays/TenantPanel.tsx';
import { CardCheckInTab } from './CardCheckInTab.tsx';
import { LockSettingsTab } from './LockSettingsTab.tsx';
import { StatusTab } from './StatusTab.tsx';
import { UnlockRecordsTab } from './UnlockRecordsTab.tsx';

/** A room's detail (spec §2): a header with its facts and six tabs, the open tab kept in the URL. */
export default function RoomDetailPage() {
  const { t, i18n } = useTranslation('rooms');
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id'));
  const validId = Number.isInteger(id) && id > 0;
  const tab = detailTabOf(search.get('tab'));
  const room = useRoom(validId ? id : 0);
  const mobile = useMobile();

  const back = (
    <LinkButton to={PATHS.roomList} icon={<ArrowLeftOutlined rotate={i18n.dir() === 'rtl' ? 180 : 0} />}>
      {t('detail.back')}
    </LinkButton>
  );

  if (!validId || room.error instanceof RoomMissing)
    return (
      <Card data-testid="room-detail-missing">
        <Result
          status="404"
          title={t('detail.missingTitle')}
          subTitle={t('detail.missingText')}
          extra={back}
        />
      </Card>
    );
  if (room.isPending)
    return (
      <Card data-testid="room-detail-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (room.isError || !room.data)
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          data-testid="room-detail-error"
          title={t('detail.loadFailed')}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => room.refetch()}>
              {t('tryAgain')}
            </Button>
          }
        />
      </Card>
    );

  const r = room.data;
  const openTab = (key: DetailTab) => {
    const next = new URLSearchParams(search);
    next.set('tab', key);
    setSearch(next, { replace: true });
  };

  const panes: Record<DetailTab, React.ReactNode> = {
    card: <CardCheckInTab room={r} />,
    tenant: (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <TenantPanel roomId={r.id} />
        <PasswordPanel roomId={r.id} {...(r.tenant?.stay_id ? { stayId: r.tenant.stay_id } : {})} />
      </Space>
    ),
    unlock: <UnlockRecordsTab roomId={r.id} />,
    // The lock's deliveries and its Bluetooth unlock (issue 10 §4) above the lock's settings.
    lock: (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <LockDeliveriesPanel room={r} />
        <LockSettingsTab room={r} />
      </Space>
    ),
    price: <RoomPricePanel roomId={r.id} />,
    status: <StatusTab room={r} />,
  };

  return (
    <Space
      orientation="vertical"
      size={12}
      style={{ width: '100%' }}
      data-testid="room-detail"
      data-room-id={r.id}
    >
      <Card size="small">
        <div
          style={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 12,
            justifyContent: 'space-between',
          }}
        >
          <Space size={12} wrap>
            <Typography.Title level={3} style={{ margin: 0 }} data-testid="room-detail-name">
              {r.name}
            </Typography.Title>
            <StatusTag status={r.status} />
          </Space>
          {back}
        </div>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          style={{ marginTop: 12 }}
          items={[
            { key: 'group', label: t('fields.group'), children: r.category_name || t('list.noGroup') },
            { key: 'battery', label: t('fields.battery'), children: <BatteryLevel level={r.battery} /> },
            {
              key: 'mac',
              label: t('fields.mac'),
              children: r.mac_id ? (
                <Typography.Text copyable dir="ltr" data-testid="room-detail-mac">
                  {formatMac(r.mac_id)}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('detail.noLock')}</Typography.Text>
              ),
            },
            {
              key: 'guest',
              label: t('fields.guest'),
              children: r.tenant ? r.tenant.nickname || r.tenant.mobile : t('stay.none'),
            },
          ]}
        />
      </Card>
      <Card size="small">
        <Tabs
          activeKey={tab}
          onChange={(key) => openTab(key as DetailTab)}
          destroyOnHidden
          // A phone has no room for six tab titles in a row: they wrap as buttons, every one in reach.
          {...(mobile
            ? {
                renderTabBar: () => (
                  <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 12 }} role="tablist">
                    {DETAIL_TABS.map((key) => (
                      <Button
                        key={key}
                        size="small"
                        role="tab"
                        aria-selected={key === tab}
                        type={key === tab ? 'primary' : 'default'}
                        onClick={() => openTab(key)}
                      >
                        <span data-testid={`room-tab-${key}`}>{t(`tabs.${key}`)}</span>
                      </Button>
                    ))}
                  </div>
                ),
              }
            : {})}
          items={DETAIL_TABS.map((key) => ({
            key,
            label: <span data-testid={`room-tab-${key}`}>{t(`tabs.${key}`)}</span>,
            children: <div data-testid={`room-pane-${key}`}>{panes[key]}</div>,
          }))}
        />
      </Card>
    </Space>
  );
}
