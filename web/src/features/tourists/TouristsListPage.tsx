import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Input, Space, Switch, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { exportFilters } from '../../api/unlockRecords.ts';
import { ListEmpty, ListLoadError } from '../../app/ListStates.tsx';
import { useListState, useSearchBox } from '../../app/listState.ts';
import { PATHS } from '../../app/paths.ts';
import { formatHotelTime } from '../../app/time.ts';
import { RoomFilter } from '../../shared/RoomSearchFilter.tsx';
import { ExportButton } from '../../shared/unlockRecords/ExportButton.tsx';
import { type Guest, useGuests } from './api.ts';
import { GuestNav } from './GuestNav.tsx';
import { GUEST_PAGE_SIZE, guestQuery, NAME_MAX, readGuestList, writeGuestList } from './listParams.ts';
import { StayStatusTag } from './StayStatusTag.tsx';

const DAY = 'YYYY-MM-DD';
const NONE = '—';

/** A guest's detail page. */
export function guestPath(id: number): string {
  return `${PATHS.touristsDetails}?id=${id}`;
}

/**
 * The guests (passenger/list, contract D): search by name or mobile, in house now, a room, stayed between two
 * hotel days; paged by the server, the state in the URL. A row opens the guest.
 */
export default function TouristsListPage() {
  const { t } = useTranslation('tourists');
  const navigate = useNavigate();
  const list = useListState(readGuestList, writeGuestList);
  const { state, change } = list;
  const searchBox = useSearchBox(state.name, (name) => change({ name }));

  const query = guestQuery(state);
  const guests = useGuests(query);
  const filtered = Boolean(state.name || state.inHouse || state.room || state.from);
  const range: [Dayjs, Dayjs] | null = state.from && state.to ? [dayjs(state.from), dayjs(state.to)] : null;

  return (
    <Card
      title={t('nav.list')}
      extra={<GuestNav current={PATHS.touristsList} />}
      data-testid="guest-list"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Space wrap>
        <Input.Search
          allowClear
          {...searchBox}
          maxLength={NAME_MAX}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.search')}
          style={{ width: 300, maxWidth: '100%' }}
          data-testid="guest-search"
        />
        <Space size={6}>
          <Switch
            checked={state.inHouse}
            onChange={(on) => change({ inHouse: on })}
            aria-label={t('list.inHouse')}
            data-testid="guest-in-house"
          />
          <span>{t('list.inHouse')}</span>
        </Space>
        <RoomFilter
          value={state.room}
          onChange={(room) => change({ room })}
          placeholder={t('common.allRooms')}
          label={t('common.room')}
          testId="guest-room"
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
          placeholder={[t('common.from'), t('common.to')]}
          aria-label={t('list.stayed')}
          data-testid="guest-dates"
        />
        <Button icon={<ReloadOutlined />} onClick={() => guests.refetch()} loading={guests.isFetching}>
          {t('refresh')}
        </Button>
        <ExportButton kind="guests" filters={exportFilters(query)} testId="guest-export" />
      </Space>
      {guests.isError && !guests.data ? (
        <ListLoadError
          title={t('list.loadFailed')}
          retryText={t('tryAgain')}
          onRetry={() => guests.refetch()}
          testId="guest-error"
        />
      ) : (
        <Table<Guest>
          rowKey="id"
          size="middle"
          loading={guests.isPending || guests.isPlaceholderData}
          dataSource={guests.data?.list ?? []}
          scroll={{ x: 860 }}
          locale={{
            emptyText: (
              <ListEmpty
                filtered={filtered}
                empty={t('list.empty')}
                emptyFiltered={t('list.emptyFiltered')}
                clearText={t('list.clearFilters')}
                onClear={list.clear}
              />
            ),
          }}
          onRow={(guest) =>
            ({
              'data-testid': 'guest-row',
              style: { cursor: 'pointer' },
              onClick: () => navigate(guestPath(guest.id)),
            }) as HTMLAttributes<HTMLElement>
          }
          pagination={list.pagination(GUEST_PAGE_SIZE, guests.data?.total, (total) =>
            t('list.total', { count: total }),
          )}
          columns={[
            {
              key: 'guest',
              title: t('list.guest'),
              render: (_v, g) => (
                <Link to={guestPath(g.id)} onClick={(e) => e.stopPropagation()}>
                  {g.nickname || g.name || g.mobile}
                </Link>
              ),
            },
            { key: 'mobile', title: t('list.mobile'), dataIndex: 'mobile', width: 140 },
            {
              key: 'stay',
              title: t('list.stay'),
              render: (_v, g) =>
                g.stay ? (
                  <Space size={6} wrap>
                    <Typography.Text strong>{g.stay.room_name}</Typography.Text>
                    <StayStatusTag status={g.stay.status} />
                    <Typography.Text type="secondary">
                      {formatHotelTime(g.stay.check_in_time)} – {formatHotelTime(g.stay.estimated_check_out)}
                    </Typography.Text>
                  </Space>
                ) : (
                  <Typography.Text type="secondary">{t('list.noStay')}</Typography.Text>
                ),
            },
            {
              key: 'createdAt',
              title: t('list.createdAt'),
              dataIndex: 'created_at',
              width: 150,
              render: (v: number) => formatHotelTime(v) || NONE,
            },
          ]}
        />
      )}
    </Card>
  );
}
