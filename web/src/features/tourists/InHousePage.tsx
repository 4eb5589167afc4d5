import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useListState, useSearchBox } from '../../app/listState.ts';
import { PATHS } from '../../app/paths.ts';
import { formatHotelTime } from '../../app/time.ts';
import { type Guest, useGuests } from './api.ts';
import { GuestNav } from './GuestNav.tsx';
import { GUEST_PAGE_SIZE, guestQuery, NAME_MAX, readGuestList, writeGuestList } from './listParams.ts';
import { remainingUntil } from './remaining.ts';
import { guestPath } from './TouristsListPage.tsx';

/** A room's detail page on its unlock records. */
function roomPath(roomId: number): string {
  return `${PATHS.roomDetails}?id=${roomId}`;
}

/** The in-house list's URL state: the guest list's name and page (its other filters are not this page's). */
interface InHouseState {
  name?: string | undefined;
  page: number;
}

function readInHouse(search: URLSearchParams): InHouseState {
  const { name, page } = readGuestList(search);
  return { name, page };
}

function writeInHouse({ name, page }: InHouseState): URLSearchParams {
  return writeGuestList({ inHouse: false, name, page });
}

/**
 * The guests in house now (passenger/list with in_house 1): their room, check-in, estimated check-out and the time
 * left, paged by the server; the search and page in the URL.
 */
export default function InHousePage() {
  const { t } = useTranslation('tourists');
  const navigate = useNavigate();
  const list = useListState(readInHouse, writeInHouse);
  const { state } = list;
  const searchBox = useSearchBox(state.name, (name) => list.change({ name }));
  const guests = useGuests(guestQuery({ inHouse: true, name: state.name, page: state.page }));
  const now = Math.floor(Date.now() / 1000);

  const left = (checkOut: number) => {
    const r = remainingUntil(checkOut, now);
    switch (r.kind) {
      case 'overdue':
        return <Tag color="warning">{t('inHouse.overdue')}</Tag>;
      case 'days':
        return t('inHouse.leftDays', { days: r.days, hours: r.hours });
      case 'hours':
        return t('inHouse.leftHours', { hours: r.hours, minutes: r.minutes });
      default:
        return t('inHouse.leftMinutes', { minutes: r.minutes });
    }
  };

  return (
    <Card
      title={t('nav.inHouse')}
      extra={<GuestNav current={PATHS.inPage} />}
      data-testid="in-house"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Typography.Text type="secondary">{t('inHouse.hint')}</Typography.Text>
      <Space wrap>
        <Input.Search
          allowClear
          {...searchBox}
          maxLength={NAME_MAX}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.search')}
          style={{ width: 260, maxWidth: '100%' }}
          data-testid="in-house-search"
        />
        <Button icon={<ReloadOutlined />} onClick={() => guests.refetch()} loading={guests.isFetching}>
          {t('refresh')}
        </Button>
      </Space>
      {guests.isError && !guests.data ? (
        <Alert
          type="error"
          showIcon
          title={t('list.loadFailed')}
          action={
            <Button size="small" onClick={() => guests.refetch()}>
              {t('tryAgain')}
            </Button>
          }
        />
      ) : (
        <Table<Guest>
          rowKey="id"
          loading={guests.isPending || guests.isPlaceholderData}
          dataSource={guests.data?.list ?? []}
          scroll={{ x: 820 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={state.name ? t('list.emptyFiltered') : t('inHouse.empty')}
              />
            ),
          }}
          onRow={(guest) =>
            ({
              'data-testid': 'in-house-row',
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
                <Space orientation="vertical" size={0}>
                  <span>{g.nickname || g.name || g.mobile}</span>
                  {g.nickname || g.name ? (
                    <Typography.Text type="secondary">{g.mobile}</Typography.Text>
                  ) : null}
                </Space>
              ),
            },
            {
              key: 'room',
              title: t('common.room'),
              width: 110,
              render: (_v, g) =>
                g.stay ? (
                  <Link to={roomPath(g.stay.room_id)} onClick={(e) => e.stopPropagation()}>
                    {g.stay.room_name}
                  </Link>
                ) : null,
            },
            {
              key: 'checkIn',
              title: t('common.checkIn'),
              width: 160,
              render: (_v, g) => (g.stay ? formatHotelTime(g.stay.check_in_time) : null),
            },
            {
              key: 'checkOut',
              title: t('common.checkOut'),
              width: 160,
              render: (_v, g) => (g.stay ? formatHotelTime(g.stay.estimated_check_out) : null),
            },
            {
              key: 'remaining',
              title: t('inHouse.remaining'),
              width: 210,
              render: (_v, g) => (g.stay ? left(g.stay.estimated_check_out) : null),
            },
          ]}
        />
      )}
    </Card>
  );
}
