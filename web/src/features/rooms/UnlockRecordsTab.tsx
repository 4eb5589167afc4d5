import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Input, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatHotelTime, fromHotelWallClock } from '../../app/time.ts';
import {
  UNLOCK_TYPES,
  type UnlockQuery,
  type UnlockRecord,
  type UnlockType,
  useUnlockRecords,
} from './api.ts';

const PAGE_SIZE = 10;
const DAY_FORMAT = 'YYYY-MM-DD';
const KEYWORD_MAX = 50;

/** The tab's URL params, prefixed so they sit beside the detail's `id` and `tab` and the other tabs' params. */
export const UNLOCK_PARAMS = {
  type: 'unlockType',
  from: 'unlockFrom',
  to: 'unlockTo',
  keyword: 'unlockKeyword',
  page: 'unlockPage',
} as const;

/** The tab's filters as the URL holds them; anything unreadable in a hand-edited URL is left out. */
export interface UnlockFilters {
  type?: UnlockType | undefined;
  /** Hotel days, 'YYYY-MM-DD', both or neither. */
  from?: string | undefined;
  to?: string | undefined;
  keyword?: string | undefined;
  page: number;
}

export function readUnlockFilters(search: URLSearchParams): UnlockFilters {
  const day = (raw: string | null) => {
    // A real calendar day only: '2026-02-30' reads back as another day, so it is dropped.
    if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
    return dayjs(raw).format(DAY_FORMAT) === raw ? raw : undefined;
  };
  const from = day(search.get(UNLOCK_PARAMS.from));
  const to = day(search.get(UNLOCK_PARAMS.to));
  const both = from !== undefined && to !== undefined && from <= to;
  const page = Number(search.get(UNLOCK_PARAMS.page));
  return {
    type: UNLOCK_TYPES.find((k) => k === search.get(UNLOCK_PARAMS.type)),
    from: both ? from : undefined,
    to: both ? to : undefined,
    keyword: search.get(UNLOCK_PARAMS.keyword)?.trim().slice(0, KEYWORD_MAX) || undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The search params with the tab's filters written over them (defaults left out, other params kept). */
export function writeUnlockFilters(search: URLSearchParams, filters: UnlockFilters): URLSearchParams {
  const out = new URLSearchParams(search);
  const put = (key: string, value: string | undefined) => {
    if (value) out.set(key, value);
    else out.delete(key);
  };
  put(UNLOCK_PARAMS.type, filters.type);
  put(UNLOCK_PARAMS.from, filters.from);
  put(UNLOCK_PARAMS.to, filters.to);
  put(UNLOCK_PARAMS.keyword, filters.keyword);
  put(UNLOCK_PARAMS.page, filters.page > 1 ? String(filters.page) : undefined);
  return out;
}

/**
 * A room's unlock records (room/openHistory, contract B): newest first, filtered by type, a period of hotel days
 * and a keyword (content, source, operator, guest), paged by the server; the filters and page live in the URL.
 */
export function UnlockRecordsTab({ roomId }: { roomId: number }) {
  const { t } = useTranslation('rooms');
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => readUnlockFilters(search), [search]);
  // A filter change goes back to page 1 (the old page may not exist in the new result).
  const change = (patch: Partial<UnlockFilters>) =>
    setSearch(writeUnlockFilters(search, { ...filters, page: 1, ...patch }), { replace: true });

  // The keyword box types freely; the search runs on Enter or the search button, or when the box is cleared.
  const [typed, setTyped] = useState(filters.keyword ?? '');
  useEffect(() => setTyped(filters.keyword ?? ''), [filters.keyword]);

  const range: [Dayjs, Dayjs] | null =
    filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;
  const query: UnlockQuery = {
    room_id: roomId,
    type: filters.type,
    // The picked days are hotel days: from the first's midnight to the end of the last.
    start_time: range ? fromHotelWallClock(range[0].startOf('day')) : undefined,
    end_time: range ? fromHotelWallClock(range[1].endOf('day')) : undefined,
    keyword: filters.keyword,
    page: filters.page,
    limit: PAGE_SIZE,
  };
  const records = useUnlockRecords(query);
  const filtered = Boolean(filters.keyword || filters.type || filters.from);

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="unlock-records">
      <Space wrap>
        <Input.Search
          allowClear
          value={typed}
          maxLength={KEYWORD_MAX}
          placeholder={t('unlock.keywordPlaceholder')}
          aria-label={t('unlock.keyword')}
          onChange={(e) => {
            setTyped(e.target.value);
            if (!e.target.value && filters.keyword) change({ keyword: undefined });
          }}
          onSearch={(v) => change({ keyword: v.trim() || undefined })}
          style={{ width: 240, maxWidth: '100%' }}
          data-testid="unlock-keyword"
        />
        <Select<UnlockType | 'all'>
          value={filters.type ?? 'all'}
          style={{ minWidth: 160 }}
          onChange={(v) => change({ type: v === 'all' ? undefined : v })}
          options={[
            { value: 'all', label: t('unlock.allTypes') },
            ...UNLOCK_TYPES.map((k) => ({ value: k, label: t(`unlock.types.${k}`) })),
          ]}
          data-testid="unlock-type"
          aria-label={t('unlock.type')}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) =>
            change(
              v?.[0] && v[1]
                ? { from: v[0].format(DAY_FORMAT), to: v[1].format(DAY_FORMAT) }
                : { from: undefined, to: undefined },
            )
          }
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
          locale={{ emptyText: filtered ? t('unlock.noMatch') : t('unlock.empty') }}
          onRow={() => ({ 'data-testid': 'unlock-row' }) as React.HTMLAttributes<HTMLElement>}
          pagination={{
            current: filters.page,
            pageSize: PAGE_SIZE,
            total: records.data?.total ?? 0,
            onChange: (page) => change({ page }),
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
