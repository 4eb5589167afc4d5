import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  List,
  Pagination,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type CheckInKind,
  type Stay,
  type StayState,
  useBreakfasts,
  useCheckIn,
  useCheckOut,
  useFreezeTenant,
  useLimitPasswords,
  useRemoveFellow,
  useRoomStays,
} from '../../api/stays.ts';
import { useListState } from '../../app/listState.ts';
import { PATHS } from '../../app/paths.ts';
import { useFeatureTexts } from '../../i18n/feature.ts';
import { staysTexts } from '../../i18n/namespaces.ts';
import { formatDuration, formatMoney, hotelTimeText } from '../format.ts';
import { breakfastLabel } from './breakfast.ts';
import { AddFellowModal, ExpirationModal, MoveModal } from './StayModals.tsx';

/** Stays per page of the panel; the page is kept in the URL (`stayPage`). */
const STAYS_PER_PAGE = 5;

const readStayPage = (search: URLSearchParams) => ({
  page: Math.max(1, Number(search.get('stayPage')) || 1),
});
const writeStayPage = ({ page }: { page: number }) =>
  new URLSearchParams(page === 1 ? {} : { stayPage: String(page) });

const STATE_COLOURS: Record<StayState, string> = {
  upcoming: 'blue',
  active: 'green',
  expired: 'orange',
  checkedOut: 'default',
  ended: 'default',
};

/** What the panel says of a stay's time: starts in, remaining, expired, checked out at, ended. */
export function stayTimeText(t: TFunction, stay: Stay, nowMs: number = Date.now()): string {
  switch (stay.state) {
    case 'upcoming':
      return t('state.startsIn', { time: formatDuration(t, stay.start_time - nowMs / 1000) });
    case 'active':
      return t('state.remaining', { time: formatDuration(t, stay.remaining) });
    case 'expired':
      return t('state.expiredAt', { time: hotelTimeText(stay.end_time) });
    case 'checkedOut':
      return t('state.checkedOutAt', { time: hotelTimeText(stay.checked_out_at ?? stay.end_time) });
    default:
      return t('state.endedText');
  }
}

const isOpen = (stay: Stay) => stay.status === 'active' || stay.status === 'reserved';

type Dialog = { kind: 'renew' | 'validity' | 'move' | 'fellow'; stay: Stay } | undefined;

/**
 * Tenant management of a room (spec §4): the room's stays with their time left (or expired, checked out, ended),
 * tenants and fellow tenants, and what the front desk does with an open stay: check-out, renewal, move, freeze,
 * validity, password limit. Rendered by the room detail's 'tenant' tab.
 */
export function TenantPanel({ roomId }: { roomId: number }) {
  const ready = useFeatureTexts(staysTexts);
  return ready ? <TenantPanelBody roomId={roomId} /> : <Skeleton active />;
}

function TenantPanelBody({ roomId }: { roomId: number }) {
  const { t } = useTranslation('stays');
  const list = useListState(readStayPage, writeStayPage, { params: ['stayPage'] });
  const { page } = list.state;
  const stays = useRoomStays(roomId, page, STAYS_PER_PAGE);
  const [dialog, setDialog] = useState<Dialog>();

  return (
    <div data-testid="tenant-panel">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('tenant.title')}
        </Typography.Title>
        <Link to={`${PATHS.checkIn}?room_id=${roomId}`}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="tenant-check-in">
            {t('tenant.checkIn')}
          </Button>
        </Link>
      </Flex>
      {stays.isLoading && <Skeleton active />}
      {stays.isError && (
        <Result
          status="warning"
          title={t('tenant.loadFailed')}
          extra={
            <Button onClick={() => void stays.refetch()} data-testid="tenant-retry">
              {t('tryAgain')}
            </Button>
          }
        />
      )}
      {stays.data && stays.data.total === 0 && (
        <Empty description={t('tenant.empty')} data-testid="tenant-empty" />
      )}
      {stays.data && stays.data.list.length > 0 && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {stays.data.list.map((stay) => (
            <StayCard key={stay.stay_id} stay={stay} onDialog={setDialog} />
          ))}
        </Space>
      )}
      {stays.data && stays.data.total > STAYS_PER_PAGE && (
        <Pagination
          style={{ marginTop: 12 }}
          size="small"
          current={page}
          pageSize={STAYS_PER_PAGE}
          total={stays.data.total}
          onChange={(next) => list.set({ page: next })}
          showSizeChanger={false}
        />
      )}
      {dialog?.kind === 'renew' && (
        <ExpirationModal stay={dialog.stay} mode="renew" onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'validity' && (
        <ExpirationModal stay={dialog.stay} mode="validity" onClose={() => setDialog(undefined)} />
      )}
      {dialog?.kind === 'move' && <MoveModal stay={dialog.stay} onClose={() => setDialog(undefined)} />}
      {dialog?.kind === 'fellow' && (
        <AddFellowModal stay={dialog.stay} onClose={() => setDialog(undefined)} />
      )}
    </div>
  );
}

function StayCard({ stay, onDialog }: { stay: Stay; onDialog: (d: Dialog) => void }) {
  const { t } = useTranslation('stays');
  const breakfasts = useBreakfasts();
  const { message, modal } = App.useApp();
  const checkOut = useCheckOut();
  const arrive = useCheckIn();
  const freeze = useFreezeTenant(stay.room_id);
  const limit = useLimitPasswords(stay.room_id);
  const removeFellow = useRemoveFellow(stay.room_id);
  const open = isOpen(stay);
  const guest = stay.nickname || stay.mobile;

  // antd's message.success answers a thenable that settles when the message closes (3 s later): it is not
  // returned, so a confirm closes as soon as its call succeeds instead of spinning until the message is gone.
  const askCheckOut = () =>
    modal.confirm({
      title: stay.state === 'upcoming' ? t('checkOut.cancelTitle') : t('checkOut.title'),
      content: t(stay.state === 'upcoming' ? 'checkOut.cancelText' : 'checkOut.text', { guest }),
      okText: stay.state === 'upcoming' ? t('checkOut.cancelConfirm') : t('checkOut.confirm'),
      okButtonProps: { danger: true, 'data-testid': 'checkout-confirm-ok' },
      cancelText: t('cancel'),
      onOk: () =>
        checkOut
          .mutateAsync({ room_id: stay.room_id, stay_id: stay.stay_id })
          .then(() => void message.success(t('checkOut.done', { guest })))
          .catch(() => undefined),
    });

  // A reservation becomes the guest in the room when it is sent again from now on (API.md, check-in).
  const askArrived = () =>
    modal.confirm({
      title: t('arrive.title'),
      content: t('arrive.text', { guest, end: hotelTimeText(stay.end_time) }),
      okText: t('arrive.confirm'),
      okButtonProps: { 'data-testid': 'arrive-confirm-ok' },
      cancelText: t('cancel'),
      onOk: () =>
        arrive
          .mutateAsync({
            room_id: stay.room_id,
            stay_id: stay.stay_id,
            mobile: stay.mobile,
            ...(stay.nickname ? { nickname: stay.nickname } : {}),
            ...(stay.id_number ? { id_number: stay.id_number } : {}),
            start_time: Math.floor(Date.now() / 1000),
            end_time: stay.end_time,
            ...(stay.other_information ? { other_information: stay.other_information } : {}),
            breakfast: stay.breakfast,
            unlock_by_id_card: stay.unlock_by_id_card,
            disable_old_cards: stay.disable_old_cards,
            kind: stay.kind as CheckInKind,
            tenants: (stay.tenants ?? []).map((f) => ({
              mobile: f.mobile,
              ...(f.nickname ? { nickname: f.nickname } : {}),
              ...(f.id_number ? { id_number: f.id_number } : {}),
            })),
          })
          .then(() => void message.success(t('arrive.done', { guest })))
          .catch(() => undefined),
    });

  const askFreeze = () =>
    modal.confirm({
      title: stay.frozen ? t('freeze.unfreezeTitle') : t('freeze.freezeTitle'),
      content: t(stay.frozen ? 'freeze.unfreezeText' : 'freeze.freezeText', { guest }),
      okText: stay.frozen ? t('freeze.unfreeze') : t('freeze.freeze'),
      okButtonProps: { 'data-testid': 'freeze-confirm-ok' },
      cancelText: t('cancel'),
      onOk: () =>
        freeze
          .mutateAsync({ stay_id: stay.stay_id, frozen: !stay.frozen })
          .then((answer) => void message.success(t(`freeze.result.${answer.result}`, { guest })))
          .catch(() => undefined),
    });

  const askLimit = () =>
    modal.confirm({
      title: stay.password_limited ? t('limit.allowTitle') : t('limit.limitTitle'),
      content: t(stay.password_limited ? 'limit.allowText' : 'limit.limitText', { guest }),
      okText: stay.password_limited ? t('limit.allow') : t('limit.limit'),
      cancelText: t('cancel'),
      onOk: () =>
        limit
          .mutateAsync({ stay_id: stay.stay_id, limit: !stay.password_limited })
          .then((answer) =>
            message.success(answer.password_limited ? t('limit.limited') : t('limit.allowed')),
          )
          .catch(() => undefined),
    });

  const actions = open
    ? [
        ...(stay.state === 'upcoming'
          ? [
              <Button
                key="arrive"
                type="primary"
                size="small"
                onClick={askArrived}
                data-testid="stay-arrived"
              >
                {t('arrive.action')}
              </Button>,
            ]
          : []),
        <Button key="out" danger size="small" onClick={askCheckOut} data-testid="stay-check-out">
          {stay.state === 'upcoming' ? t('checkOut.cancelAction') : t('checkOut.action')}
        </Button>,
        <Button
          key="renew"
          size="small"
          onClick={() => onDialog({ kind: 'renew', stay })}
          data-testid="stay-renew"
        >
          {t('renew.action')}
        </Button>,
        <Button
          key="validity"
          size="small"
          onClick={() => onDialog({ kind: 'validity', stay })}
          data-testid="stay-validity"
        >
          {t('renew.validityAction')}
        </Button>,
        ...(stay.state === 'expired'
          ? []
          : [
              <Button
                key="move"
                size="small"
                onClick={() => onDialog({ kind: 'move', stay })}
                data-testid="stay-move"
              >
                {t('move.action')}
              </Button>,
            ]),
        <Button key="freeze" size="small" onClick={askFreeze} data-testid="stay-freeze">
          {stay.frozen ? t('freeze.unfreeze') : t('freeze.freeze')}
        </Button>,
        <Button key="limit" size="small" onClick={askLimit} data-testid="stay-limit">
          {stay.password_limited ? t('limit.allow') : t('limit.limit')}
        </Button>,
        <Button
          key="fellow"
          size="small"
          onClick={() => onDialog({ kind: 'fellow', stay })}
          data-testid="stay-add-fellow"
        >
          {t('fellow.add')}
        </Button>,
      ]
    : [];

  const fellows = stay.tenants ?? [];
  return (
    <Card
      size="small"
      data-testid="stay-card"
      data-stay-id={stay.stay_id}
      data-state={stay.state}
      title={
        <Space wrap size={4}>
          <span>{guest}</span>
          <Tag color={STATE_COLOURS[stay.state]} data-testid="stay-state">
            {t(`state.${stay.state}`)}
          </Tag>
          {stay.frozen && <Tag color="red">{t('freeze.frozenTag')}</Tag>}
          {stay.password_limited && <Tag color="purple">{t('limit.limitedTag')}</Tag>}
        </Space>
      }
    >
      {/* In the body, not the card's header: a phone has no room beside the guest's name. */}
      <Typography.Paragraph type="secondary" data-testid="stay-time" style={{ marginBottom: 8 }}>
        {stayTimeText(t, stay)}
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'mobile', label: t('fields.mobile'), children: stay.mobile },
          ...(stay.id_number ? [{ key: 'id', label: t('fields.idNumber'), children: stay.id_number }] : []),
          { key: 'in', label: t('fields.checkIn'), children: hotelTimeText(stay.start_time) },
          {
            key: 'out',
            label: t('fields.checkOut'),
            children: <span data-testid="stay-end">{hotelTimeText(stay.end_time)}</span>,
          },
          ...(stay.checked_out_at
            ? [
                {
                  key: 'left',
                  label: t('fields.checkedOutAt'),
                  children: hotelTimeText(stay.checked_out_at),
                },
              ]
            : []),
          { key: 'price', label: t('fields.price'), children: formatMoney(stay.price) },
          { key: 'deposit', label: t('fields.deposit'), children: formatMoney(stay.deposit) },
          {
            key: 'kind',
            label: t('fields.kind'),
            children: t(`kind.${stay.kind}`, { defaultValue: stay.kind }),
          },
          {
            key: 'breakfast',
            label: t('fields.breakfast'),
            children: (
              <span data-testid="stay-breakfast">{breakfastLabel(t, breakfasts.data, stay.breakfast)}</span>
            ),
          },
          {
            key: 'idCard',
            label: t('fields.unlockByIdCard'),
            children: stay.unlock_by_id_card ? t('common.enabled') : t('common.disabled'),
          },
          ...(stay.other_information
            ? [{ key: 'other', label: t('fields.otherInformation'), children: stay.other_information }]
            : []),
        ]}
      />
      {fellows.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('checkIn.fellows')}</Typography.Text>}
          dataSource={fellows}
          renderItem={(f, i) => (
            <List.Item
              data-testid="stay-fellow"
              actions={
                open
                  ? [
                      <Popconfirm
                        key="remove"
                        title={t('fellow.removeText', { guest: f.nickname || f.mobile })}
                        okText={t('fellow.remove')}
                        cancelText={t('cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          removeFellow
                            .mutateAsync({ id: f.id })
                            .then(() => void message.success(t('fellow.removed')))
                            .catch(() => undefined)
                        }
                      >
                        <Button type="link" size="small" danger>
                          {t('fellow.remove')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []
              }
            >
              {t('fellow.line', { index: i + 1, name: f.nickname || '—', mobile: f.mobile })}
            </List.Item>
          )}
        />
      )}
      {stay.moved_from_stay_id !== null && (
        <Alert type="info" showIcon style={{ marginTop: 8 }} title={t('move.movedHere')} />
      )}
      {actions.length > 0 && (
        <Flex wrap gap={8} style={{ marginTop: 12 }}>
          {actions}
        </Flex>
      )}
    </Card>
  );
}
