import {
  AppstoreOutlined,
  DollarOutlined,
  PlusOutlined,
  ScanOutlined,
  SearchOutlined,
  SmileOutlined,
  TableOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import {
  Alert,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Input,
  Pagination,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Room, useRoomGroups, useRoomList } from '../../api/rooms.ts';
import { useListState } from '../../app/listState.ts';
import { PATHS } from '../../app/paths.ts';
import { RoomLockMark } from '../../shared/door/RoomLockMark.tsx';
import { LinkButton } from '../../shared/LinkButton.tsx';
import { detailPath } from '../../shared/roomLinks.ts';
import { BatteryLevel } from '../../shared/rooms/BatteryLevel.tsx';
import { StatusTag } from '../../shared/rooms/StatusTag.tsx';
import { StayLine } from '../../shared/rooms/StayLine.tsx';
import {
  offersCheckIn,
  type RoomStatusKey,
  STATUS_COLOURS,
  STATUS_FILTERS,
  statusCode,
} from '../../shared/rooms/status.ts';
import { AddRoomModal } from './AddRoomModal.tsx';
import { GroupsModal } from './GroupsModal.tsx';
import {
  changeListState,
  DATE_PICKS,
  type DatePick,
  PAGE_SIZES,
  type RoomListState,
  readListState,
  requestOf,
  writeListState,
} from './listParams.ts';
import { RoomCard } from './RoomCard.tsx';
import { isAdministrator } from './who.ts';

/** The room list (spec §2, the landing page): filters, sort, search and page in the URL; paged by the server. */
export default function RoomListPage() {
  const { t } = useTranslation('rooms');
  // Each change is a history entry, applied at once rather than as a transition so the next click already sees it;
  // a change builds on the newest state (a waiting search timer must not bring back a filter cleared meanwhile).
  const listState = useListState(readListState, writeListState, { push: true, flushSync: true });
  const { state } = listState;
  const rooms = useRoomList(requestOf(state));
  const groups = useRoomGroups();
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const admin = isAdministrator();

  const change = (patch: Partial<RoomListState>) =>
    listState.set((current) => changeListState(current, patch));

  // The search box types freely and asks the server once the typing pauses.
  const [typed, setTyped] = useState(state.name ?? '');
  useEffect(() => setTyped(state.name ?? ''), [state.name]);
  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === (state.name ?? '')) return;
    const timer = setTimeout(() => change({ name: wanted || undefined }), 350);
    return () => clearTimeout(timer);
  }, [typed]);

  const counts = rooms.data?.counts;
  const statusTab =
    state.status === undefined
      ? 'all'
      : (STATUS_FILTERS.find((k) => k !== 'all' && statusCode(k) === state.status) ?? 'all');

  const groupOptions = [
    { value: -1, label: t('list.allGroups') },
    ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
    { value: 0, label: t('list.noGroup') },
  ];

  const toolbar = (
    <Space wrap size={8}>
      <LinkButton to={PATHS.priceSet} icon={<DollarOutlined />} data-testid="link-price-set">
        {t('list.priceSet')}
      </LinkButton>
      <LinkButton to={PATHS.faceHistory} icon={<SmileOutlined />} data-testid="link-face-history">
        {t('list.faceLibrary')}
      </LinkButton>
      <LinkButton
        to={PATHS.fingerprintsHistory}
        icon={<ScanOutlined />}
        data-testid="link-fingerprints-history"
      >
        {t('list.fingerprintLibrary')}
      </LinkButton>
      <Button icon={<TagsOutlined />} onClick={() => setGroupsOpen(true)} data-testid="open-groups">
        {t('groups.manage')}
      </Button>
      {admin ? (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAddOpen(true)}
          data-testid="open-add-room"
        >
          {t('add.open')}
        </Button>
      ) : null}
    </Space>
  );

  const statusItems = STATUS_FILTERS.map((key) => {
    const countKey = key === 'all' ? 'all' : String(statusCode(key));
    const count = counts?.[countKey as keyof typeof counts];
    return {
      key,
      label: (
        <span data-testid={`status-filter-${key}`}>
          {key === 'all' ? t('status.all') : t(`status.${key}`)}
          {count === undefined ? null : (
            <Badge
              count={count}
              showZero
              overflowCount={99_999}
              color={key === 'all' ? '#8c8c8c' : STATUS_COLOURS[key as RoomStatusKey]}
              style={{ marginInlineStart: 6 }}
              data-testid={`status-count-${key}`}
            />
          )}
        </span>
      ),
    };
  });

  const list = rooms.data?.list ?? [];
  const total = rooms.data?.total ?? 0;

  let body: React.ReactNode;
  if (rooms.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} data-testid="rooms-loading" />;
  } else if (rooms.isError && !rooms.data) {
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="rooms-error"
        title={t('list.loadFailed')}
        action={
          <Button size="small" onClick={() => rooms.refetch()}>
            {t('tryAgain')}
          </Button>
        }
      />
    );
  } else if (list.length === 0) {
    const filtered = state.status !== undefined || state.group !== undefined || !!state.name || !!state.date;
    body = (
      <Empty data-testid="rooms-empty" description={filtered ? t('list.emptyFiltered') : t('list.empty')}>
        {filtered ? (
          <Button onClick={() => listState.set(({ limit, sort, view }) => ({ page: 1, limit, sort, view }))}>
            {t('list.clearFilters')}
          </Button>
        ) : admin ? (
          <Button type="primary" onClick={() => setAddOpen(true)}>
            {t('add.open')}
          </Button>
        ) : null}
      </Empty>
    );
  } else if (state.view === 'table') {
    body = <RoomTable rooms={list} />;
  } else {
    body = (
      <Row gutter={[12, 12]}>
        {list.map((room) => (
          <Col key={room.id} xs={24} sm={12} md={8} lg={8} xl={6} xxl={4}>
            <RoomCard room={room} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Card
      data-testid="room-list"
      data-total={total}
      data-params={writeListState(state).toString()}
      data-loading={rooms.isFetching || rooms.isPlaceholderData ? 'true' : 'false'}
      title={<span>{t('list.title')}</span>}
      extra={null}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      {toolbar}
      <Tabs
        activeKey={statusTab}
        items={statusItems}
        onChange={(key) => change({ status: key === 'all' ? undefined : statusCode(key as RoomStatusKey) })}
        size="small"
        style={{ marginBottom: -8 }}
      />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('list.searchPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => change({ name: typed.trim() || undefined })}
          maxLength={50}
          style={{ flex: '1 1 200px', minWidth: 0, maxWidth: 320 }}
          data-testid="room-search"
          aria-label={t('list.searchPlaceholder')}
        />
        <Select
          value={state.group ?? -1}
          options={groupOptions}
          onChange={(v: number) => change({ group: v === -1 ? undefined : v })}
          loading={groups.isPending}
          style={{ flex: '0 1 180px', minWidth: 140 }}
          data-testid="group-filter"
          aria-label={t('list.group')}
          popupMatchSelectWidth={false}
        />
        <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Segmented<DatePick | 'any'>
            value={state.date ?? 'any'}
            onChange={(v) => change({ date: v === 'any' ? undefined : v })}
            options={[
              { value: 'any', label: t('date.any') },
              ...DATE_PICKS.map((d) => ({
                value: d,
                label: <span data-testid={`date-${d}`}>{t(`date.${d}`)}</span>,
              })),
            ]}
            data-testid="date-picks"
          />
        </div>
        <Segmented<'asc' | 'desc'>
          value={state.sort}
          onChange={(v) => change({ sort: v })}
          options={[
            { value: 'asc', label: <span data-testid="sort-asc">{t('list.sortAsc')}</span> },
            { value: 'desc', label: <span data-testid="sort-desc">{t('list.sortDesc')}</span> },
          ]}
        />
        <Segmented<'cards' | 'table'>
          value={state.view}
          onChange={(v) => change({ view: v })}
          options={[
            { value: 'cards', icon: <AppstoreOutlined />, title: t('list.viewCards') },
            { value: 'table', icon: <TableOutlined />, title: t('list.viewTable') },
          ]}
          data-testid="view-switch"
        />
      </div>
      <Typography.Text type="secondary" data-testid="room-total">
        {t('list.total', { count: total })}
      </Typography.Text>
      {body}
      {total > 0 ? (
        <Pagination
          current={state.page}
          pageSize={state.limit}
          total={total}
          pageSizeOptions={PAGE_SIZES.map(String)}
          showSizeChanger
          onChange={(page, size) => change(size !== state.limit ? { limit: size, page: 1 } : { page })}
          style={{ alignSelf: 'center' }}
          data-testid="room-pagination"
          responsive
        />
      ) : null}
      <GroupsModal open={groupsOpen} onClose={() => setGroupsOpen(false)} />
      {admin ? <AddRoomModal open={addOpen} onClose={() => setAddOpen(false)} /> : null}
    </Card>
  );
}

/** The compact view: one row per room, the same facts as the cards. */
function RoomTable({ rooms }: { rooms: Room[] }) {
  const { t } = useTranslation('rooms');
  const { t: tDoor } = useTranslation('door');
  return (
    <Table<Room>
      rowKey="id"
      size="small"
      dataSource={rooms}
      pagination={false}
      scroll={{ x: 720 }}
      onRow={(room) =>
        ({ 'data-testid': 'room-item', 'data-room-id': room.id }) as React.HTMLAttributes<HTMLElement>
      }
      columns={[
        {
          title: t('fields.name'),
          dataIndex: 'name',
          render: (_v, room) => <Link to={detailPath(room)}>{room.name}</Link>,
        },
        {
          title: t('fields.group'),
          dataIndex: 'category_name',
          render: (v: string | null) => v || t('list.noGroup'),
        },
        { title: t('fields.status'), dataIndex: 'status', render: (v: number) => <StatusTag status={v} /> },
        {
          title: t('fields.guest'),
          key: 'tenant',
          render: (_v, room) => <StayLine tenant={room.tenant ?? null} />,
        },
        {
          title: t('fields.battery'),
          dataIndex: 'battery',
          render: (v: number | null) => <BatteryLevel level={v} />,
        },
        {
          title: tDoor('panel.lastSync'),
          key: 'lock',
          render: (_v, room) => <RoomLockMark room={room} />,
        },
        {
          title: t('actionsColumn'),
          key: 'actions',
          render: (_v, room) =>
            offersCheckIn(room.status) ? (
              <Link to={`${PATHS.checkIn}?room_id=${room.id}`}>{t('list.checkIn')}</Link>
            ) : null,
        },
      ]}
    />
  );
}
