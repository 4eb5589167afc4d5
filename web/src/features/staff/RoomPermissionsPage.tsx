import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Input, Popconfirm, Result, Select, Space, Table, Tag } from 'antd';
import { type HTMLAttributes, type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useRoomGroups } from '../../api/rooms.ts';
import { useListState, useSearchBox } from '../../app/listState.ts';
import { PATHS } from '../../app/paths.ts';
import { type PickerRoom, useGrantRooms, usePickerRooms } from './api.ts';
import {
  type GrantedFilter,
  KEYWORD_MAX,
  PICKER_PAGE_SIZE,
  pickerQuery,
  readPicker,
  writePicker,
} from './listParams.ts';

const NONE = '—';

/**
 * The rooms granted to one staff member or secondary administrator (room/staffManageRoomList1): a room picker that
 * works at 10,000 rooms — one server page at a time, searched by name, filtered by group and by granted or not,
 * the state in the URL. Tick rooms on the page (or all of it) and grant or revoke them, or grant or revoke every
 * room matching the filters in one call (room/addStaffManageLock `all_matching`).
 */
export default function RoomPermissionsPage() {
  const { t } = useTranslation('staff');
  const { message } = App.useApp();
  const picker = useListState(readPicker, writePicker);
  const { search, state, change } = picker;
  const searchBox = useSearchBox(state.name, (name) => change({ name }));
  const [selected, setSelected] = useState<number[]>([]);
  // A new page or filter starts a new selection: ticks never apply to rooms no longer shown.
  useEffect(() => setSelected([]), [search]);

  const rooms = usePickerRooms(pickerQuery(state));
  const groups = useRoomGroups();
  const grant = useGrantRooms();
  const total = rooms.data?.total ?? 0;
  const filtered = Boolean(state.name || state.group || state.granted !== 'all');

  if (!state.id) {
    return (
      <Result
        status="info"
        title={t('rooms.noMember')}
        extra={
          <Link to={PATHS.workerList}>
            <Button type="primary">{t('rooms.back')}</Button>
          </Link>
        }
      />
    );
  }

  const run = async (mode: 'add' | 'remove', which: 'selected' | 'matching') => {
    const answer =
      which === 'selected'
        ? await grant.mutateAsync({ id: state.id, mode, room_ids: selected })
        : await grant.mutateAsync({
            id: state.id,
            mode,
            all_matching: true,
            name: state.name,
            category_id: state.group,
          });
    setSelected([]);
    message.success(t(mode === 'add' ? 'rooms.granted' : 'rooms.revoked', { count: answer.room_count }));
  };
  const groupName = (id: number | null) => groups.data?.find((g) => g.id === id)?.name ?? NONE;

  return (
    <Card
      title={state.who ? t('rooms.titleOf', { name: state.who }) : t('rooms.title')}
      extra={
        <Link to={PATHS.workerList}>
          <Button icon={<ArrowLeftOutlined />}>{t('rooms.back')}</Button>
        </Link>
      }
      data-testid="room-permissions"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Space wrap>
        <Input.Search
          allowClear
          {...searchBox}
          maxLength={KEYWORD_MAX}
          placeholder={t('rooms.searchPlaceholder')}
          aria-label={t('rooms.search')}
          style={{ width: 220 }}
          data-testid="picker-search"
        />
        <Select<number | 0>
          value={state.group ?? 0}
          onChange={(v) => change({ group: v || undefined })}
          aria-label={t('rooms.group')}
          style={{ minWidth: 160 }}
          loading={groups.isPending}
          data-testid="picker-group"
          options={[
            { value: 0, label: t('rooms.allGroups') },
            ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
        />
        <Select<GrantedFilter>
          value={state.granted}
          onChange={(granted) => change({ granted })}
          aria-label={t('rooms.grantedFilter')}
          style={{ minWidth: 150 }}
          data-testid="picker-granted"
          options={[
            { value: 'all', label: t('rooms.all') },
            { value: 'granted', label: t('rooms.onlyGranted') },
            { value: 'notGranted', label: t('rooms.onlyNotGranted') },
          ]}
        />
        <Button icon={<ReloadOutlined />} onClick={() => rooms.refetch()} loading={rooms.isFetching}>
          {t('refresh')}
        </Button>
      </Space>
      <Space wrap>
        <Button
          type="primary"
          disabled={selected.length === 0}
          loading={grant.isPending}
          onClick={() => run('add', 'selected').catch(() => undefined)}
          data-testid="picker-grant"
        >
          {t('rooms.grantSelected', { count: selected.length })}
        </Button>
        <Button
          danger
          disabled={selected.length === 0}
          loading={grant.isPending}
          onClick={() => run('remove', 'selected').catch(() => undefined)}
          data-testid="picker-revoke"
        >
          {t('rooms.revokeSelected', { count: selected.length })}
        </Button>
        <Popconfirm
          title={t('rooms.grantMatchingConfirm', { count: total })}
          okText={t('rooms.grant')}
          cancelText={t('cancel')}
          disabled={total === 0}
          onConfirm={() => run('add', 'matching').catch(() => undefined)}
        >
          <Button disabled={total === 0} data-testid="picker-grant-matching">
            {t('rooms.grantMatching', { count: total })}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t('rooms.revokeMatchingConfirm', { count: total })}
          okText={t('rooms.revoke')}
          okButtonProps={{ danger: true }}
          cancelText={t('cancel')}
          disabled={total === 0}
          onConfirm={() => run('remove', 'matching').catch(() => undefined)}
        >
          <Button danger disabled={total === 0} data-testid="picker-revoke-matching">
            {t('rooms.revokeMatching', { count: total })}
          </Button>
        </Popconfirm>
      </Space>
      {rooms.isError && !rooms.data ? (
        <Alert
          type="error"
          showIcon
          title={t('rooms.loadFailed')}
          data-testid="picker-error"
          action={
            <Button size="small" onClick={() => rooms.refetch()}>
              {t('tryAgain')}
            </Button>
          }
        />
      ) : (
        <Table<PickerRoom>
          rowKey="id"
          size="small"
          loading={rooms.isPending || rooms.isPlaceholderData}
          dataSource={rooms.data?.list ?? []}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys: Key[]) => setSelected(keys.map(Number)),
            getCheckboxProps: (r) => ({ 'aria-label': r.name }) as object,
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('rooms.emptyFiltered') : t('rooms.empty')}
              >
                {filtered ? (
                  <Button
                    size="small"
                    onClick={() => change({ name: undefined, group: undefined, granted: 'all' })}
                  >
                    {t('rooms.clearFilters')}
                  </Button>
                ) : null}
              </Empty>
            ),
          }}
          onRow={(r) => ({ 'data-testid': 'picker-row', 'data-room': r.name }) as HTMLAttributes<HTMLElement>}
          pagination={picker.pagination(PICKER_PAGE_SIZE, total, (n) => t('rooms.total', { count: n }))}
          columns={[
            { key: 'name', title: t('rooms.room'), dataIndex: 'name' },
            {
              key: 'group',
              title: t('rooms.group'),
              dataIndex: 'category_id',
              render: (id: number | null) => groupName(id),
            },
            {
              key: 'place',
              title: t('rooms.place'),
              render: (_v, r) =>
                r.building || r.floor
                  ? t('rooms.buildingFloor', { building: r.building ?? NONE, floor: r.floor ?? NONE })
                  : NONE,
            },
            {
              key: 'granted',
              title: t('rooms.state'),
              dataIndex: 'granted',
              width: 130,
              render: (granted: boolean) =>
                granted ? (
                  <Tag color="green" data-testid="picker-granted-tag">
                    {t('rooms.isGranted')}
                  </Tag>
                ) : (
                  <Tag>{t('rooms.notGranted')}</Tag>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
