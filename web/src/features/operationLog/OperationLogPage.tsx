import { ReloadOutlined } from '@ant-design/icons';
import { isErrorCode } from '@lockdesk/protocol';
import { Button, Card, DatePicker, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { exportFilters } from '../../api/unlockRecords.ts';
import { ListEmpty, ListLoadError } from '../../app/ListStates.tsx';
import { useListState } from '../../app/listState.ts';
import { formatHotelTime } from '../../app/time.ts';
import { errorMessage } from '../../i18n/index.ts';
import { ExportButton } from '../../shared/unlockRecords/ExportButton.tsx';
import { OPERATION_AREAS, OPERATION_RESULTS, type OperationEntry, useOperationLog } from './api.ts';
import { LOG_PAGE_SIZE, logQuery, readLogList, writeLogList } from './listParams.ts';
import { AccountPicker, RoomSearchPicker } from './Pickers.tsx';

const DAY = 'YYYY-MM-DD';
const NONE = '—';

/**
 * The operation log (operation/list, API.md §4): who did what, when, on which rooms, with what result and from
 * where — filtered by person, area, room, hotel days and result, paged by the server, the state in the URL, and
 * exported with the same filters. What a caller reads follows their room scope (the server decides).
 */
export default function OperationLogPage() {
  const { t } = useTranslation('operationLog');
  const list = useListState(readLogList, writeLogList);
  const { state, change } = list;

  const query = logQuery(state);
  const log = useOperationLog(query);
  const filtered = Boolean(state.user || state.area || state.room || state.result || state.from);
  const range: [Dayjs, Dayjs] | null = state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null;
  // Names the rows already carry, for a chosen person or room the picker's search has not answered.
  const known = useMemo(() => {
    const people = new Map<number, string>();
    const rooms = new Map<number, string>();
    for (const e of log.data?.list ?? []) {
      if (e.user_id) people.set(e.user_id, [e.nickname, e.mobile].filter(Boolean).join(' · '));
      for (const r of e.rooms) rooms.set(r.id, r.name);
    }
    return { people, rooms };
  }, [log.data]);

  return (
    <Card
      title={t('title')}
      data-testid="operation-log"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Space wrap>
        <AccountPicker
          value={state.user}
          onChange={(user) => change({ user })}
          placeholder={t('filters.allPeople')}
          label={t('filters.person')}
          testId="oplog-person"
          known={known.people}
        />
        <Select
          allowClear
          value={state.area}
          onChange={(area) => change({ area: area ?? undefined })}
          placeholder={t('filters.allAreas')}
          aria-label={t('filters.area')}
          options={OPERATION_AREAS.map((a) => ({ value: a, label: t(`areas.${a}`) }))}
          style={{ minWidth: 160 }}
          data-testid="oplog-area"
        />
        <RoomSearchPicker
          value={state.room}
          onChange={(room) => change({ room })}
          placeholder={t('filters.allRooms')}
          label={t('filters.room')}
          testId="oplog-room"
          known={known.rooms}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(v) =>
            change(
              v?.[0] && v[1]
                ? { from: v[0].format(DAY), to: v[1].format(DAY) }
                : { from: undefined, to: undefined },
            )
          }
          allowClear
          placeholder={[t('filters.from'), t('filters.to')]}
          aria-label={t('filters.dates')}
          data-testid="oplog-dates"
        />
        <Select
          allowClear
          value={state.result}
          onChange={(result) => change({ result: result ?? undefined })}
          placeholder={t('filters.allResults')}
          aria-label={t('resultLabel')}
          options={OPERATION_RESULTS.map((r) => ({ value: r, label: t(`results.${r}`) }))}
          style={{ minWidth: 140 }}
          data-testid="oplog-result"
        />
        <Button icon={<ReloadOutlined />} onClick={() => log.refetch()} loading={log.isFetching}>
          {t('refresh')}
        </Button>
        <ExportButton kind="operation_log" filters={exportFilters(query)} testId="oplog-export" />
      </Space>
      {log.isError && !log.data ? (
        <ListLoadError
          title={t('loadFailed')}
          retryText={t('tryAgain')}
          onRetry={() => log.refetch()}
          testId="oplog-error"
        />
      ) : (
        <Table<OperationEntry>
          rowKey="id"
          size="middle"
          loading={log.isPending || log.isPlaceholderData}
          dataSource={log.data?.list ?? []}
          scroll={{ x: 1100 }}
          onRow={() => ({ 'data-testid': 'oplog-row' }) as React.HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: (
              <ListEmpty
                filtered={filtered}
                empty={t('empty')}
                emptyFiltered={t('emptyFiltered')}
                clearText={t('clearFilters')}
                onClear={list.clear}
              />
            ),
          }}
          pagination={list.pagination(LOG_PAGE_SIZE, log.data?.total, (total) =>
            t('total', { count: total }),
          )}
          columns={[
            {
              key: 'time',
              title: t('time'),
              dataIndex: 'time',
              width: 150,
              render: (v: number) => formatHotelTime(v, 'YYYY-MM-DD HH:mm:ss') || NONE,
            },
            {
              key: 'who',
              title: t('columns.who'),
              width: 170,
              render: (_v, e) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text>{e.nickname || e.mobile || t('unknownAccount')}</Typography.Text>
                  {e.nickname && e.mobile ? (
                    <Typography.Text type="secondary">{e.mobile}</Typography.Text>
                  ) : null}
                </Space>
              ),
            },
            {
              key: 'what',
              title: t('columns.what'),
              render: (_v, e) => (
                <Space orientation="vertical" size={2}>
                  <Space size={6} wrap>
                    <Tag>
                      {(OPERATION_AREAS as readonly string[]).includes(e.area)
                        ? t(`areas.${e.area}`)
                        : e.area}
                    </Tag>
                    <Typography.Text type="secondary" code>
                      {e.path}
                    </Typography.Text>
                  </Space>
                  <Typography.Text data-testid="oplog-summary">{e.summary}</Typography.Text>
                </Space>
              ),
            },
            {
              key: 'rooms',
              title: t('columns.rooms'),
              width: 160,
              render: (_v, e) =>
                e.room_count === 0 ? (
                  <Typography.Text type="secondary">{NONE}</Typography.Text>
                ) : (
                  <Space size={4} wrap>
                    {e.rooms.map((r) => (
                      <Tag key={r.id} color="blue">
                        {r.name}
                      </Tag>
                    ))}
                    {e.room_count > e.rooms.length ? (
                      <Typography.Text type="secondary">
                        {t('otherRooms', { count: e.room_count - e.rooms.length })}
                      </Typography.Text>
                    ) : null}
                  </Space>
                ),
            },
            {
              key: 'result',
              title: t('resultLabel'),
              width: 200,
              render: (_v, e) =>
                e.errno === 0 ? (
                  <Tag color="success">{t('results.ok')}</Tag>
                ) : (
                  <Space size={4} wrap>
                    <Tag color="error">{t('results.refused')}</Tag>
                    {e.code ? (
                      <Tooltip
                        title={
                          isErrorCode(e.code)
                            ? errorMessage(e.code, { field: '…', parentMobile: '…' })
                            : e.code
                        }
                      >
                        <Typography.Text type="secondary" code>
                          {e.code}
                        </Typography.Text>
                      </Tooltip>
                    ) : null}
                  </Space>
                ),
            },
            {
              key: 'ip',
              title: t('columns.ip'),
              dataIndex: 'ip',
              width: 130,
              render: (v: string | null) => v || NONE,
            },
          ]}
        />
      )}
    </Card>
  );
}
