import { ReloadOutlined } from '@ant-design/icons';
import { isMobile } from '@lockdesk/protocol';
import { Alert, Button, DatePicker, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { type HTMLAttributes, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type CheckHistoryQuery,
  UNLOCK_RESULTS,
  UNLOCK_TYPES,
  type UnlockRecord,
  type UnlockResult,
  type UnlockType,
  useCheckHistory,
} from '../../api/unlockRecords.ts';
import { useListState, useSearchBox } from '../../app/listState.ts';
import { PATHS } from '../../app/paths.ts';
import { formatHotelTime, fromHotelWallClock } from '../../app/time.ts';
import { errorMessage } from '../../i18n/index.ts';
import { RoomFilter } from '../RoomSearchFilter.tsx';
import { ExportButton } from './ExportButton.tsx';
import { reasonKey } from './reasons.ts';

export type UnlockFilterName = 'room' | 'person' | 'type' | 'result' | 'dates' | 'keyword';
export const UNLOCK_FILTERS: readonly UnlockFilterName[] = [
  'room',
  'person',
  'type',
  'result',
  'dates',
  'keyword',
];
export type UnlockColumnName =
  | 'time'
  | 'room'
  | 'type'
  | 'result'
  | 'credential'
  | 'from'
  | 'operator'
  | 'guest';
export const UNLOCK_COLUMNS: readonly UnlockColumnName[] = [
  'time',
  'room',
  'type',
  'result',
  'credential',
  'from',
  'operator',
  'guest',
];

const DAY_FORMAT = 'YYYY-MM-DD';
/** A cell with nothing to show (the same mark in every language). */
const NONE = '—';
const KEYWORD_MAX = 50;

/** The table's filters as the URL holds them; anything unreadable in a hand-edited URL is left out. */
export interface UnlockTableFilters {
  room?: number | undefined;
  mobile?: string | undefined;
  stay?: number | undefined;
  type?: UnlockType | undefined;
  result?: UnlockResult | undefined;
  /** Hotel days 'YYYY-MM-DD', both or neither. */
  from?: string | undefined;
  to?: string | undefined;
  keyword?: string | undefined;
  page: number;
}

const PARAM_NAMES = ['room', 'mobile', 'stay', 'type', 'result', 'from', 'to', 'keyword', 'page'] as const;
type ParamName = (typeof PARAM_NAMES)[number];

/** The URL parameter of a filter under a prefix: 'type', or with prefix 'unlock' 'unlockType'. */
export function paramName(prefix: string, name: ParamName): string {
  return prefix ? `${prefix}${name[0]!.toUpperCase()}${name.slice(1)}` : name;
}

const positive = (raw: string | null): number | undefined => {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
};

const day = (raw: string | null): string | undefined => {
  // A real calendar day only: '2026-02-30' reads back as another day, so it is dropped.
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  return dayjs(raw).format(DAY_FORMAT) === raw ? raw : undefined;
};

/** Reads the table's filters from the search params under a prefix. */
export function readTableFilters(search: URLSearchParams, prefix = ''): UnlockTableFilters {
  const get = (name: ParamName) => search.get(paramName(prefix, name));
  const from = day(get('from'));
  const to = day(get('to'));
  const both = from !== undefined && to !== undefined && from <= to;
  const mobile = get('mobile')?.trim();
  return {
    room: positive(get('room')),
    mobile: mobile && isMobile(mobile) ? mobile : undefined,
    stay: positive(get('stay')),
    type: UNLOCK_TYPES.find((k) => k === get('type')),
    result: UNLOCK_RESULTS.find((k) => k === get('result')),
    from: both ? from : undefined,
    to: both ? to : undefined,
    keyword: get('keyword')?.trim().slice(0, KEYWORD_MAX) || undefined,
    page: positive(get('page')) ?? 1,
  };
}

/** Every URL param the table owns under a prefix (the page's other params are left alone). */
export function tableParamNames(prefix = ''): string[] {
  return PARAM_NAMES.map((name) => paramName(prefix, name));
}

/** The table's filters as search params under a prefix, defaults left out. */
export function writeTableFilters(filters: UnlockTableFilters, prefix = ''): URLSearchParams {
  const out = new URLSearchParams();
  const put = (name: ParamName, value: string | number | undefined) => {
    if (value !== undefined && value !== '') out.set(paramName(prefix, name), String(value));
  };
  put('room', filters.room);
  put('mobile', filters.mobile);
  put('stay', filters.stay);
  put('type', filters.type);
  put('result', filters.result);
  put('from', filters.from);
  put('to', filters.to);
  put('keyword', filters.keyword);
  put('page', filters.page > 1 ? filters.page : undefined);
  return out;
}

/** The filters a page fixes (a room's tab, a guest's records); the operator's own filters cannot widen them. */
export type FixedUnlockQuery = Omit<CheckHistoryQuery, 'page' | 'limit'>;

/** lock/checkHistory's request for the fixed filters and the URL's, on hotel days. */
export function checkHistoryQuery(
  fixed: FixedUnlockQuery,
  filters: UnlockTableFilters,
  limit: number,
): CheckHistoryQuery {
  const range = filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;
  return {
    room_id: fixed.room_id ?? filters.room,
    mac_id: fixed.mac_id,
    stay_id: fixed.stay_id ?? filters.stay,
    mobile: fixed.mobile ?? filters.mobile,
    type: fixed.type ?? filters.type,
    result: fixed.result ?? filters.result,
    // The picked days are hotel days: from the first's midnight to the end of the last.
    start_time: fixed.start_time ?? (range ? fromHotelWallClock(range[0]!.startOf('day')) : undefined),
    end_time: fixed.end_time ?? (range ? fromHotelWallClock(range[1]!.endOf('day')) : undefined),
    keyword: fixed.keyword ?? filters.keyword,
    page: filters.page,
    limit,
  };
}

export interface UnlockRecordTableProps {
  /** Filters the page fixes (e.g. `{ room_id }` on a room's tab, `{ mobile }` on a guest's page). */
  query?: FixedUnlockQuery;
  /** Which filters the operator sees (default: all). */
  filters?: readonly UnlockFilterName[];
  /** Which columns are shown, in this order (default: all). */
  columns?: readonly UnlockColumnName[];
  /** Prefix of the URL params, so the table sits beside a page's own params (e.g. 'unlock' → unlockPage). */
  paramPrefix?: string;
  pageSize?: number;
  /** Shows "Export" for the records the filters select. */
  exportable?: boolean;
  testId?: string;
}

/**
 * The hotel's unlock records (lock/checkHistory, contract D): newest first, paged by the server, with the filters
 * a page asks for kept in the URL (reload, back and a shared link keep them). Shared by the guest pages and the
 * room detail's unlock-records tab.
 */
export function UnlockRecordTable({
  query: fixed = {},
  filters: shownFilters = UNLOCK_FILTERS,
  columns: shownColumns = UNLOCK_COLUMNS,
  paramPrefix = '',
  pageSize = 20,
  exportable = false,
  testId = 'unlock-record-table',
}: UnlockRecordTableProps) {
  const { t } = useTranslation('unlockRecords');
  const read = useCallback((search: URLSearchParams) => readTableFilters(search, paramPrefix), [paramPrefix]);
  const list = useListState(read, (next: UnlockTableFilters) => writeTableFilters(next, paramPrefix), {
    params: tableParamNames(paramPrefix),
  });
  const { state: filters, change } = list;
  const shows = (name: UnlockFilterName) => shownFilters.includes(name);

  // The text boxes type freely; the search runs on Enter or the search button, or when the box is cleared.
  const keywordBox = useSearchBox(filters.keyword, (keyword) => change({ keyword }));
  const [mobile, setMobile] = useState(filters.mobile ?? '');
  const [mobileBad, setMobileBad] = useState(false);
  useEffect(() => setMobile(filters.mobile ?? ''), [filters.mobile]);

  const request = checkHistoryQuery(fixed, filters, pageSize);
  const records = useCheckHistory(request);
  const filtered = Boolean(
    filters.room ||
      filters.mobile ||
      filters.stay ||
      filters.type ||
      filters.result ||
      filters.from ||
      filters.keyword,
  );
  const range: [Dayjs, Dayjs] | null =
    filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null;

  const allColumns: Record<UnlockColumnName, ColumnsType<UnlockRecord>[number]> = {
    time: {
      key: 'time',
      title: t('time'),
      dataIndex: 'time',
      width: 170,
      render: (v: number) => formatHotelTime(v, 'YYYY-MM-DD HH:mm:ss'),
    },
    room: {
      key: 'room',
      title: t('columns.room'),
      dataIndex: 'room_name',
      width: 100,
      render: (v: string, r) =>
        v ? <Link to={`${PATHS.roomDetails}?id=${r.room_id}&tab=unlock`}>{v}</Link> : NONE,
    },
    type: {
      key: 'type',
      title: t('columns.type'),
      dataIndex: 'type',
      width: 130,
      render: (v: UnlockType) => <Tag>{UNLOCK_TYPES.includes(v) ? t(`types.${v}`) : v}</Tag>,
    },
    result: {
      key: 'result',
      title: t('resultLabel'),
      width: 240,
      render: (_v, r) => {
        const opened = r.opened !== false;
        const key = reasonKey(r.reason);
        return (
          <Space size={4} wrap>
            <Tag color={opened ? 'success' : 'error'} data-testid="unlock-result">
              {opened ? t('result.open') : t('result.deny')}
            </Tag>
            <Typography.Text type={opened ? undefined : 'danger'}>{key ? t(key) : r.content}</Typography.Text>
          </Space>
        );
      },
    },
    credential: {
      key: 'credential',
      title: t('columns.credential'),
      dataIndex: 'credential',
      width: 120,
      render: (v: string | undefined) => v || NONE,
    },
    from: {
      key: 'from',
      title: t('columns.from'),
      dataIndex: 'from',
      ellipsis: true,
      // A lock's record is told in the operator's language from its type, credential and guest (the server's
      // `from` is the same in English); a record without a credential keeps the server's text.
      render: (v: string, r) => {
        const who = r.type === 'bluetooth' ? r.operator : r.nickname || r.mobile;
        if (!UNLOCK_TYPES.includes(r.type) || (!r.credential && !(r.type === 'bluetooth' && r.reason)))
          return v || NONE;
        const what = [t(`types.${r.type}`), r.credential].filter(Boolean).join(' ');
        return <span dir="auto">{who ? `${what} / ${who}` : what}</span>;
      },
    },
    operator: {
      key: 'operator',
      title: t('columns.operator'),
      dataIndex: 'operator',
      ellipsis: true,
      render: (v: string) => v || NONE,
    },
    guest: {
      key: 'guest',
      title: t('columns.guest'),
      render: (_v, r) =>
        r.nickname || r.mobile ? (
          <Space orientation="vertical" size={0}>
            {r.nickname ? <span>{r.nickname}</span> : null}
            {r.mobile ? <Typography.Text type="secondary">{r.mobile}</Typography.Text> : null}
          </Space>
        ) : (
          NONE
        ),
    },
  };

  const searchMobile = (value: string) => {
    const v = value.trim();
    if (v && !isMobile(v)) {
      setMobileBad(true);
      return;
    }
    setMobileBad(false);
    change({ mobile: v || undefined });
  };

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid={testId}>
      <Space wrap>
        {shows('room') && fixed.room_id === undefined ? (
          <RoomFilter
            value={filters.room}
            onChange={(room) => change({ room })}
            placeholder={t('filters.allRooms')}
            label={t('filters.room')}
            testId="unlock-filter-room"
          />
        ) : null}
        {shows('person') && fixed.mobile === undefined && fixed.stay_id === undefined ? (
          <Space orientation="vertical" size={0}>
            <Input.Search
              allowClear
              value={mobile}
              maxLength={11}
              inputMode="numeric"
              status={mobileBad ? 'error' : undefined}
              placeholder={t('filters.mobilePlaceholder')}
              aria-label={t('filters.mobile')}
              onChange={(e) => {
                setMobile(e.target.value);
                setMobileBad(false);
                if (!e.target.value && filters.mobile) change({ mobile: undefined });
              }}
              onSearch={searchMobile}
              style={{ width: 200, maxWidth: '100%' }}
              data-testid="unlock-filter-mobile"
            />
            {mobileBad ? (
              <Typography.Text type="danger" data-testid="unlock-filter-mobile-error">
                {errorMessage('MOBILE_INVALID')}
              </Typography.Text>
            ) : null}
          </Space>
        ) : null}
        {filters.stay && fixed.stay_id === undefined ? (
          <Tag closable onClose={() => change({ stay: undefined })} data-testid="unlock-filter-stay">
            {t('filters.stay', { id: filters.stay })}
          </Tag>
        ) : null}
        {shows('type') && fixed.type === undefined ? (
          <Select<UnlockType | 'all'>
            value={filters.type ?? 'all'}
            style={{ minWidth: 160 }}
            onChange={(v) => change({ type: v === 'all' ? undefined : v })}
            options={[
              { value: 'all', label: t('filters.allTypes') },
              ...UNLOCK_TYPES.map((k) => ({ value: k, label: t(`types.${k}`) })),
            ]}
            aria-label={t('filters.type')}
            data-testid="unlock-filter-type"
          />
        ) : null}
        {shows('result') && fixed.result === undefined ? (
          <Select<UnlockResult | 'all'>
            value={filters.result ?? 'all'}
            style={{ minWidth: 150 }}
            onChange={(v) => change({ result: v === 'all' ? undefined : v })}
            options={[
              { value: 'all', label: t('result.all') },
              ...UNLOCK_RESULTS.map((k) => ({ value: k, label: t(`result.${k}`) })),
            ]}
            aria-label={t('resultLabel')}
            data-testid="unlock-filter-result"
          />
        ) : null}
        {shows('dates') && fixed.start_time === undefined ? (
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
            placeholder={[t('filters.from'), t('filters.to')]}
            data-testid="unlock-filter-dates"
          />
        ) : null}
        {shows('keyword') && fixed.keyword === undefined ? (
          <Input.Search
            allowClear
            {...keywordBox}
            maxLength={KEYWORD_MAX}
            placeholder={t('filters.keywordPlaceholder')}
            aria-label={t('filters.keyword')}
            style={{ width: 260, maxWidth: '100%' }}
            data-testid="unlock-filter-keyword"
          />
        ) : null}
        <Button icon={<ReloadOutlined />} onClick={() => records.refetch()} loading={records.isFetching}>
          {t('refresh')}
        </Button>
        {exportable ? <ExportButton kind="unlock_records" filters={request} testId="unlock-export" /> : null}
      </Space>
      {records.isError && !records.data ? (
        <Alert
          type="error"
          showIcon
          title={t('table.loadFailed')}
          data-testid="unlock-error"
          action={
            <Button size="small" onClick={() => records.refetch()}>
              {t('tryAgain')}
            </Button>
          }
        />
      ) : (
        <Table<UnlockRecord>
          rowKey="id"
          size="small"
          loading={records.isPending || records.isPlaceholderData}
          dataSource={records.data?.list ?? []}
          scroll={{ x: 900 }}
          locale={{
            emptyText: filtered ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.noMatch')}>
                <Button size="small" onClick={list.clear}>
                  {t('filters.clear')}
                </Button>
              </Empty>
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  <Space orientation="vertical" size={0}>
                    <span>{t('table.empty')}</span>
                    <Typography.Text type="secondary">{t('table.emptyHint')}</Typography.Text>
                  </Space>
                }
              />
            ),
          }}
          onRow={() => ({ 'data-testid': 'unlock-row' }) as HTMLAttributes<HTMLElement>}
          pagination={list.pagination(pageSize, records.data?.total, (total) =>
            t('table.total', { count: total }),
          )}
          columns={shownColumns.map((c) => allColumns[c])}
        />
      )}
    </Space>
  );
}
