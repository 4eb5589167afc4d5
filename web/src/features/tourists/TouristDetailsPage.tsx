import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Result,
  Select,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { type Card as KeyCard, useStayCards } from '../../api/cards.ts';
import { CallError } from '../../api/client.ts';
import { type Face, useFaceList } from '../../api/faces.ts';
import type { RoomPassword } from '../../api/stays.ts';
import { PATHS } from '../../app/paths.ts';
import { formatHotelTime } from '../../app/time.ts';
import { UnlockRecordTable } from '../../shared/unlockRecords/UnlockRecordTable.tsx';
import { type GuestInfoStay, useGuest, useStayPasswords } from './api.ts';
import { StayStatusTag } from './StayStatusTag.tsx';

/** A card type's name → the records table's word for it (the lock's reason for opening with such a card). */
const CARD_KIND_REASON: Record<string, string> = {
  master: 'masterCard',
  building: 'buildingCard',
  floor: 'floorCard',
  normal: 'guestCard',
  universal: 'universalCard',
  super: 'superCard',
};

const NONE = '—';
const MISSING_CODES: readonly string[] = ['NOT_FOUND', 'PERMISSION_DENIED'];
/** How many of a room's faces the page looks through for one stay's. */
const STAY_FACES_LIMIT = 100;

const period = (start: number, end: number) => `${formatHotelTime(start)} – ${formatHotelTime(end)}`;

/** A room's detail page. */
function roomPath(roomId: number): string {
  return `${PATHS.roomDetails}?id=${roomId}`;
}

/** The key cards, PIN passwords and faces issued for one stay. */
function StayCredentials({ stay }: { stay: GuestInfoStay }) {
  const { t } = useTranslation('tourists');
  const cards = useStayCards(stay.stay_id);
  const passwords = useStayPasswords(stay.room_id, stay.stay_id);
  const faces = useFaceList({ room_id: stay.room_id, page: 1, limit: STAY_FACES_LIMIT });
  const stayFaces = (faces.data?.list ?? []).filter((f) => f.stay_id === stay.stay_id);
  const failed = (query: { isError: boolean; data?: unknown }) =>
    query.isError && !query.data ? (
      <Alert type="error" showIcon title={t('detail.credentialsFailed')} />
    ) : null;

  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'cards',
          label: t('detail.cards'),
          children: failed(cards) ?? (
            <Table<KeyCard>
              rowKey="id"
              size="small"
              pagination={false}
              loading={cards.isPending}
              dataSource={cards.data?.list ?? []}
              scroll={{ x: 600 }}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noCards')} />,
              }}
              onRow={() => ({ 'data-testid': 'guest-card-row' }) as HTMLAttributes<HTMLElement>}
              columns={[
                { key: 'number', title: t('detail.cardNumber'), dataIndex: 'card_id' },
                {
                  key: 'type',
                  title: t('detail.cardType'),
                  dataIndex: 'type_name',
                  // The card kinds as the records table names them (its texts come with this page).
                  render: (v: string) =>
                    CARD_KIND_REASON[v] ? t(`unlockRecords:reasons.${CARD_KIND_REASON[v]}`) : v,
                },
                {
                  key: 'status',
                  title: t('common.status'),
                  dataIndex: 'status',
                  // An issued card a newer one with 'unsubscribe old card' replaced no longer opens its lock.
                  render: (v: string, c) => (
                    <Tag data-testid="guest-card-status">
                      {v === 'issued' && c.superseded
                        ? t('unlockRecords:reasons.superseded')
                        : t(`cardStatus.${v}`, { defaultValue: v })}
                    </Tag>
                  ),
                },
                {
                  key: 'period',
                  title: t('detail.period'),
                  render: (_v, c) => period(c.start_time, c.end_time),
                },
              ]}
            />
          ),
        },
        {
          key: 'passwords',
          label: t('detail.passwords'),
          children: failed(passwords) ?? (
            <Table<RoomPassword>
              rowKey="id"
              size="small"
              pagination={false}
              loading={passwords.isPending}
              dataSource={passwords.data ?? []}
              scroll={{ x: 600 }}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noPasswords')} />
                ),
              }}
              onRow={() => ({ 'data-testid': 'guest-password-row' }) as HTMLAttributes<HTMLElement>}
              columns={[
                {
                  key: 'id',
                  title: t('detail.passwordId'),
                  render: (_v, p) => (
                    <Space size={4}>
                      {t('detail.passwordNumber', { id: p.id })}
                      {p.single_use ? <Tag>{t('detail.singleUse')}</Tag> : null}
                    </Space>
                  ),
                },
                {
                  key: 'status',
                  title: t('common.status'),
                  dataIndex: 'status',
                  render: (v: string) => <Tag>{t(`passwordStatus.${v}`, { defaultValue: v })}</Tag>,
                },
                {
                  key: 'period',
                  title: t('detail.period'),
                  render: (_v, p) => period(p.start_time, p.end_time),
                },
              ]}
            />
          ),
        },
        {
          key: 'faces',
          label: t('detail.faces'),
          children: failed(faces) ?? (
            <Table<Face>
              rowKey="id"
              size="small"
              pagination={false}
              loading={faces.isPending}
              dataSource={stayFaces}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noFaces')} />,
              }}
              columns={[
                { key: 'note', title: t('detail.faceNote'), render: (_v, f) => f.note || f.face_id },
                {
                  key: 'created',
                  title: t('list.createdAt'),
                  dataIndex: 'created_at',
                  render: (v: number) => formatHotelTime(v),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

/**
 * One guest (passenger/info): who they are, their stays in the caller's rooms (each room a link to its detail), the
 * credentials of a chosen stay, and every unlock record with their mobile (lock/checkHistory).
 */
export default function TouristDetailsPage() {
  const { t } = useTranslation('tourists');
  const [search, setSearch] = useSearchParams();
  const id = Number(search.get('id'));
  const guest = useGuest(id);
  const stays = guest.data?.stays ?? [];
  const chosenId = Number(search.get('stay'));
  const chosen = useMemo(() => stays.find((s) => s.stay_id === chosenId) ?? stays[0], [stays, chosenId]);
  const back = (
    <Link to={PATHS.touristsList}>
      <ArrowLeftOutlined /> {t('detail.back')}
    </Link>
  );

  if (
    !Number.isInteger(id) ||
    id < 1 ||
    (guest.error instanceof CallError && MISSING_CODES.includes(guest.error.code ?? ''))
  ) {
    return (
      <Card>
        <Result
          status="404"
          title={t('detail.missingTitle')}
          subTitle={t('detail.missingText')}
          extra={back}
        />
      </Card>
    );
  }
  if (guest.isError) {
    return (
      <Card>
        <Alert
          type="error"
          showIcon
          title={t('detail.loadFailed')}
          action={
            <Button size="small" onClick={() => guest.refetch()}>
              {t('tryAgain')}
            </Button>
          }
        />
      </Card>
    );
  }
  if (!guest.data) {
    return (
      <Card>
        <Spin />
      </Card>
    );
  }
  const g = guest.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="guest-detail">
      <Card title={g.nickname || g.name || g.mobile} extra={back}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            { key: 'nickname', label: t('detail.nickname'), children: g.nickname || NONE },
            { key: 'name', label: t('detail.name'), children: g.name || NONE },
            { key: 'mobile', label: t('detail.mobile'), children: g.mobile || NONE },
            { key: 'idNumber', label: t('detail.idNumber'), children: g.id_number || NONE },
            { key: 'nationality', label: t('detail.nationality'), children: g.nationality || NONE },
            {
              key: 'createdAt',
              label: t('detail.createdAt'),
              children: formatHotelTime(g.created_at) || NONE,
            },
          ]}
        />
      </Card>
      <Card title={t('detail.stays')}>
        <Table<GuestInfoStay>
          rowKey="stay_id"
          size="small"
          pagination={false}
          dataSource={stays}
          scroll={{ x: 720 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noStays')} />,
          }}
          onRow={() => ({ 'data-testid': 'guest-stay-row' }) as HTMLAttributes<HTMLElement>}
          columns={[
            {
              key: 'room',
              title: t('common.room'),
              render: (_v, s) => <Link to={roomPath(s.room_id)}>{s.room_name}</Link>,
            },
            { key: 'checkIn', title: t('common.checkIn'), render: (_v, s) => formatHotelTime(s.start_time) },
            { key: 'checkOut', title: t('common.checkOut'), render: (_v, s) => formatHotelTime(s.end_time) },
            {
              key: 'checkedOut',
              title: t('detail.checkedOutAt'),
              render: (_v, s) => formatHotelTime(s.checked_out_at) || NONE,
            },
            {
              key: 'status',
              title: t('common.status'),
              render: (_v, s) => <StayStatusTag status={s.status} />,
            },
          ]}
        />
      </Card>
      {chosen ? (
        <Card
          title={t('detail.credentials')}
          extra={
            <Select<number>
              value={chosen.stay_id}
              aria-label={t('detail.pickStay')}
              style={{ minWidth: 220 }}
              onChange={(stayId) => {
                const next = new URLSearchParams(search);
                next.set('stay', String(stayId));
                setSearch(next, { replace: true });
              }}
              options={stays.map((s) => ({
                value: s.stay_id,
                label: t('detail.stayOption', { room: s.room_name, start: formatHotelTime(s.start_time) }),
              }))}
              data-testid="guest-stay-pick"
            />
          }
        >
          <StayCredentials key={chosen.stay_id} stay={chosen} />
        </Card>
      ) : null}
      <Card title={t('detail.records')}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('detail.recordsHint')}</Typography.Text>
          {g.mobile ? (
            <UnlockRecordTable
              query={{ mobile: g.mobile }}
              filters={['room', 'type', 'result', 'dates']}
              columns={['time', 'room', 'type', 'result', 'credential', 'from', 'operator']}
              paramPrefix="unlock"
              pageSize={10}
              testId="guest-records"
            />
          ) : null}
        </Space>
      </Card>
    </Space>
  );
}
