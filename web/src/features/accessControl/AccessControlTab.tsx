import {
  Alert,
  App,
  Button,
  Empty,
  Flex,
  Result,
  Select,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoomGroups } from '../../api/rooms.ts';
import { can } from '../../app/permissions.ts';
import { KeywordSearch } from '../../shared/listParts.tsx';
import { type AccessRoom, useAccessControls, useAccessRooms, useSetAccessControl } from './api.ts';
import { type EquipmentState, PAGE_SIZE, SEARCH_MAX } from './listParams.ts';

interface TabProps {
  state: EquipmentState;
  update: (changes: Partial<EquipmentState>) => void;
}

/**
 * The access-control tab: the doors defined (lock/accessControlList) and the rooms, paged on the server with a name
 * search and a group filter (room/listNew), each with its access-control switch (room/setAccessControl).
 */
export default function AccessControlTab({ state, update }: TabProps) {
  const { t } = useTranslation('accessControl');
  const { message } = App.useApp();
  const editable = can('room.manage');
  const rooms = useAccessRooms({ name: state.name, group: state.group, page: state.page, limit: PAGE_SIZE });
  const controls = useAccessControls();
  const groups = useRoomGroups();
  const setControl = useSetAccessControl();
  const [pending, setPending] = useState<number | null>(null);
  const on = new Set((controls.data ?? []).map((c) => c.room_id));

  const toggle = async (room: AccessRoom, checked: boolean) => {
    setPending(room.id);
    try {
      await setControl.mutateAsync({ room_id: room.id, access_control: checked });
      message.success(t(checked ? 'access.on' : 'access.off', { room: room.name }));
    } catch {
      // shown by the request layer
    } finally {
      setPending(null);
    }
  };

  const columns: TableColumnsType<AccessRoom> = [
    { key: 'name', dataIndex: 'name', title: t('access.room') },
    {
      key: 'group',
      title: t('access.group'),
      render: (_, room) => room.category_name || t('access.noGroup'),
      responsive: ['md'],
    },
    {
      key: 'mac',
      title: t('access.mac'),
      render: (_, room) =>
        room.mac_id ?? <Typography.Text type="secondary">{t('access.noLock')}</Typography.Text>,
      responsive: ['md'],
    },
    {
      key: 'switch',
      title: t('access.switch'),
      render: (_, room) => (
        <Switch
          checked={on.has(room.id)}
          disabled={!editable || controls.isLoading}
          loading={pending === room.id}
          aria-label={`${t('access.switch')} ${room.name}`}
          onChange={(checked) => toggle(room, checked)}
          data-testid="access-switch"
        />
      ),
    },
  ];

  const filtered = Boolean(state.name || state.group !== undefined);
  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('access.intro')} />
      {!editable && <Alert type="warning" showIcon title={t('access.readOnly')} />}
      <div data-testid="access-defined">
        <Typography.Text strong>{t('access.defined', { count: controls.data?.length ?? 0 })}</Typography.Text>
        <Flex gap={6} wrap style={{ marginTop: 8 }}>
          {(controls.data ?? []).map((c) => (
            <Tag key={c.room_id} color="blue" data-testid="access-defined-item">
              {c.name}
            </Tag>
          ))}
          {controls.isSuccess && controls.data.length === 0 && (
            <Typography.Text type="secondary">{t('access.none')}</Typography.Text>
          )}
        </Flex>
      </div>
      <Flex gap={8} wrap>
        <KeywordSearch
          keyword={state.name}
          onSearch={(name) => update({ name, page: 1 })}
          placeholder={t('access.search')}
          width={240}
          maxLength={SEARCH_MAX}
          testId="access-search"
        />
        <Select
          allowClear
          value={state.group}
          placeholder={t('access.allGroups')}
          loading={groups.isLoading}
          options={[
            { value: 0, label: t('access.noGroup') },
            ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
          onChange={(group?: number) => update({ group, page: 1 })}
          style={{ width: 200, maxWidth: '100%' }}
          data-testid="access-group"
        />
      </Flex>
      {rooms.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={<Button onClick={() => rooms.refetch()}>{t('actions.retry')}</Button>}
          data-testid="access-error"
        />
      ) : (
        <Table<AccessRoom>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rooms.data?.list ?? []}
          loading={rooms.isFetching}
          scroll={{ x: 'max-content' }}
          data-testid="access-rooms"
          onRow={(room) => ({ 'data-room': room.name }) as object}
          locale={{
            emptyText: rooms.isLoading ? (
              ' '
            ) : (
              <Empty
                description={filtered ? t('access.emptyFiltered') : t('access.empty')}
                data-testid="access-empty"
              />
            ),
          }}
          pagination={{
            current: state.page,
            pageSize: PAGE_SIZE,
            total: rooms.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (count) => t('access.total', { count }),
            onChange: (page) => update({ page }),
          }}
        />
      )}
    </Flex>
  );
}
