import { ClockCircleOutlined } from '@ant-design/icons';
import { App, Button, Flex, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Card as SpecialCard } from '../../api/cards.ts';
import { useMobile } from '../../app/layout/useMobile.ts';
import { formatHotelTime } from '../../app/time.ts';
import { errorMessage } from '../../i18n/index.ts';
import { CardDeliveryPopover } from '../../shared/door/CardDeliveryPopover.tsx';
import { ConfirmedButton, emptyOf, listPagination } from '../../shared/listParts.tsx';
import { setTimeLink } from './kinds.ts';

type Changes = Record<string, string | number | undefined>;

const STATUS_COLOR: Record<string, string> = {
  issued: 'green',
  pending: 'default',
  withdrawn: 'orange',
  deleted: 'red',
};

/** Seconds since the epoch now (a function so tests may move the clock). */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The table of a special-card list (master, building, floor, universal and super): card number, type, scope,
 * validity (expired marked), status, issuer, what the locks have learned; 'Change time' and a delete that says the
 * locks learn it at their next Bluetooth unlock.
 */
export function CardTable(props: {
  cards: SpecialCard[] | undefined;
  total: number;
  loading: boolean;
  firstLoad: boolean;
  filtered: boolean;
  params: { page: number; limit: number };
  update: (changes: Changes) => void;
  columns: { type?: boolean; building?: boolean; floor?: boolean };
  /** For master, building and floor cards: the names of their access controls. */
  accessNames?: (ids: readonly number[]) => string[];
  /** For universal cards: the names of the locks a card opens (none: every lock). */
  roomNames?: (ids: readonly number[]) => string[];
  canManage: boolean;
  onDelete: (card: SpecialCard) => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation('specialCards');
  const { message } = App.useApp();
  const mobile = useMobile();
  const now = nowSeconds();

  const columns: TableColumnsType<SpecialCard> = [
    { key: 'card_id', dataIndex: 'card_id', title: t('fields.cardNumber') },
    ...(props.columns.type
      ? [
          {
            key: 'type',
            title: t('fields.type'),
            render: (_: unknown, card: SpecialCard) =>
              t(`types.${card.type}`, { defaultValue: card.type_name }),
          },
        ]
      : []),
    ...(props.columns.building
      ? [
          {
            key: 'building',
            title: t('fields.building'),
            render: (_: unknown, card: SpecialCard) =>
              card.building === null ? '' : t('values.buildingNo', { building: card.building }),
          },
        ]
      : []),
    ...(props.columns.floor
      ? [
          {
            key: 'floor',
            title: t('fields.floor'),
            render: (_: unknown, card: SpecialCard) =>
              card.floor === null ? '' : t('values.floorNo', { floor: card.floor }),
          },
        ]
      : []),
    ...(props.roomNames
      ? [
          {
            key: 'rooms',
            title: t('fields.rooms'),
            render: (_: unknown, card: SpecialCard) => {
              const ids = (card as SpecialCard & { room_ids?: number[] }).room_ids ?? [];
              if (card.type !== 5 || ids.length === 0) return t('values.allRooms');
              const names = props.roomNames?.(ids) ?? [];
              return names.length > 3
                ? `${names.slice(0, 3).join(', ')} +${names.length - 3}`
                : names.join(', ');
            },
          },
        ]
      : []),
    ...(props.accessNames
      ? [
          {
            key: 'access',
            title: t('fields.accessControls'),
            responsive: ['md' as const],
            render: (_: unknown, card: SpecialCard) =>
              (props.accessNames?.(card.access_controls ?? []) ?? []).join(', '),
          },
        ]
      : []),
    { key: 'note', dataIndex: 'note', title: t('fields.note'), responsive: ['md'] },
    {
      key: 'start',
      title: t('fields.start'),
      responsive: ['lg'],
      render: (_, card) => formatHotelTime(card.start_time),
    },
    {
      key: 'expiry',
      title: t('fields.expiry'),
      render: (_, card) => (
        <Flex gap={4} wrap align="center">
          <span>{formatHotelTime(card.end_time)}</span>
          {card.status === 'issued' && card.end_time <= now ? (
            <Tag color="red" data-testid="card-expired">
              {t('values.expired')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, card) => (
        <Tag color={STATUS_COLOR[card.status] ?? 'default'} data-testid="card-status">
          {t(`status.${card.status}`, { defaultValue: card.status })}
        </Tag>
      ),
    },
    {
      key: 'issuer',
      title: t('fields.issuedBy'),
      responsive: ['lg'],
      render: (_, card) => (
        <span>
          {card.issued_by_name}
          {card.issued_at ? <div style={{ opacity: 0.65 }}>{formatHotelTime(card.issued_at)}</div> : null}
        </span>
      ),
    },
    {
      key: 'lock_sync',
      title: t('fields.lockSync'),
      // Clicked, the state opens what each lock does with the card (issue 10 §4, lock/cardDelivery).
      render: (_, card) => (
        <CardDeliveryPopover cardId={card.id}>
          {card.lock_sync === 'pending' ? (
            <Tag color="gold" data-testid="card-lock-sync">
              {t('lockSync.pending')}
            </Tag>
          ) : (
            <Tag data-testid="card-lock-sync">{t(`lockSync.${card.lock_sync}`, { defaultValue: '' })}</Tag>
          )}
        </CardDeliveryPopover>
      ),
    },
    ...(props.canManage
      ? [
          {
            key: 'actions',
            title: t('actionsColumn'),
            fixed: 'end' as const,
            render: (_: unknown, card: SpecialCard) =>
              // A withdrawn card (returned, or replaced by a new validity) can still be deleted (room/delcard).
              card.status === 'issued' || card.status === 'withdrawn' ? (
                <Flex gap={4} wrap>
                  {card.status === 'issued' ? (
                    <Link to={setTimeLink(card)}>
                      <Button
                        size="small"
                        title={t('actions.changeTime')}
                        icon={<ClockCircleOutlined />}
                        data-testid="card-change-time"
                      >
                        {mobile ? null : t('actions.changeTime')}
                      </Button>
                    </Link>
                  ) : null}
                  <ConfirmedButton
                    confirm={t('messages.deleteConfirm', { cardNumber: card.card_id })}
                    label={t('delete')}
                    cancelText={t('cancel')}
                    done={t('messages.deleted', { cardNumber: card.card_id })}
                    onConfirm={() =>
                      props.onDelete(card).then((answer) => {
                        // The lock only learns a deleted card at its next Bluetooth unlock (spec §4 'Cards').
                        message.info({
                          content: (
                            <span data-testid="bluetooth-notice">
                              {errorMessage('BLUETOOTH_SYNC_NEEDED')}
                            </span>
                          ),
                          duration: 6,
                        });
                        return answer;
                      })
                    }
                    testId="card-delete"
                    okTestId="card-delete-ok"
                  />
                </Flex>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Table<SpecialCard>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={props.cards ?? []}
      loading={props.loading}
      scroll={{ x: 'max-content' }}
      data-testid={props.testId}
      onRow={(card) => ({ 'data-card-id': card.card_id }) as object}
      locale={{
        emptyText: emptyOf(
          props.firstLoad,
          props.filtered ? t('list.emptyFiltered') : t('list.empty'),
          'card-list-empty',
        ),
      }}
      pagination={listPagination(
        props.params,
        props.total,
        (count) => t('list.total', { count }),
        props.update,
      )}
    />
  );
}
