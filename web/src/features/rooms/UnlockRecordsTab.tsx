import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Select, Space, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHotelTime, fromHotelWallClock } from '../../app/time.ts';
import {
  UNLOCK_TYPES,
  type UnlockQuery,
  type UnlockRecord,
  type UnlockType,
  useUnlockRecords,
} from './api.ts';

const PAGE_SIZE = 10;

/**
 * A room's unlock records (room/openHistory, contract B): newest first, filtered by type and a period of hotel
 * days, paged by the server.
 */
export function UnlockRecordsTab({ roomId }: { roomId: number }) {
  const { t } = useTranslation('rooms');
  const [type, setType] = useState<UnlockType | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [page, setPage] = useState(1);
  const query: UnlockQuery = {
    room_id: roomId,
    type,
    // The picked days are hotel days: from the first's midnight to the end of the last.
    start_time: range ? fromHotelWallClock(range[0].startOf('day')) : undefined,
    end_time: range ? fromHotelWallClock(range[1].endOf('day')) : undefined,
    page,
    limit: PAGE_SIZE,
  };
  const records = useUnlockRecords(query);

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="unlock-records">
      <Space wrap>
        <Select<UnlockType | 'all'>
          value={type ?? 'all'}
          style={{ minWidth: 160 }}
          onChange={(v) => {
            setType(v === 'all' ? undefined : v);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('unlock.allTypes') },
            ...UNLOCK_TYPES.map((k) => ({ value: k, label: t(`unlock.types.${k}`) })),
          ]}
          data-testid="unlock-type"
          aria-label={t('unlock.type')}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) => {
            setRange(v?.[0] && v[1] ? [v[0], v[1]] : null);
            setPage(1);
          }}
          allowClear
          data-testid="unlock-dates"
          placeholder={[t('unlock.from'), t('unlock.to')]}
        />
        <Button icon={<ReloadOutlined />} onClick={() => records.refetch()} loading={records.isFetching}>
          {t('common.refresh')}
        </Button>
      </Space>
      {records.isError && !records.data ? (
        <Alert
          type="error"
          showIcon
          title={t('unlock.loadFailed')}
          data-testid="unlock-error"
          action={
            <Button size="small" onClick={() => records.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Table<UnlockRecord>
          rowKey="id"
          size="small"
          loading={records.isPending || records.isPlaceholderData}
          dataSource={records.data?.list ?? []}
          scroll={{ x: 720 }}
          locale={{ emptyText: t('unlock.empty') }}
          onRow={() => ({ 'data-testid': 'unlock-row' }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: records.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              title: t('unlock.time'),
              dataIndex: 'time',
              width: 160,
              render: (v: number) => formatHotelTime(v, 'YYYY-MM-DD HH:mm:ss'),
            },
            {
              title: t('unlock.type'),
              dataIndex: 'type',
              width: 120,
              render: (v: UnlockType) => <Tag>{UNLOCK_TYPES.includes(v) ? t(`unlock.types.${v}`) : v}</Tag>,
            },
            { title: t('unlock.content'), dataIndex: 'content', ellipsis: true },
            { title: t('unlock.from_'), dataIndex: 'from', ellipsis: true },
            {
              title: t('unlock.guest'),
              key: 'guest',
              render: (_v, r) => r.nickname || r.mobile || '—',
            },
            { title: t('unlock.operator'), dataIndex: 'operator', ellipsis: true },
          ]}
        />
      )}
    </Space>
  );
}
