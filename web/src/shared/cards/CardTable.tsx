import { Space, Table, type TableColumnsType, type TablePaginationConfig, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Card } from '../../api/cards.ts';
import { useMobile } from '../../app/layout/useMobile.ts';
import { CardDeliveryPopover, CardLockSynced } from '../door/CardDeliveryPopover.tsx';
import { hotelTimeText } from '../format.ts';
import { CardActions } from './CardActions.tsx';
import { STATUS_COLOURS, typeName } from './format.ts';

/**
 * Cards as a table, each row with its actions: the cards of a stay in the room detail's card tab and every card
 * of the hotel on /center/cardList. `showRoom` adds the room column (the hotel list).
 */
export function CardTable(props: {
  cards: Card[];
  loading: boolean;
  showRoom?: boolean;
  pagination?: TablePaginationConfig | false;
  empty: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('cards');
  const mobile = useMobile();
  const columns: TableColumnsType<Card> = [
    {
      key: 'card',
      title: t('fields.cardNumber'),
      render: (_v, card) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong dir="ltr" data-testid="card-number">
            {card.card_id}
          </Typography.Text>
          <Typography.Text type="secondary">{typeName(t, card.type, card.type_name)}</Typography.Text>
        </Space>
      ),
    },
    ...(props.showRoom
      ? [
          {
            key: 'room',
            title: t('fields.room'),
            render: (_v: unknown, card: Card) =>
              card.room_name ??
              (card.building
                ? [
                    t('values.buildingN', { building: card.building }),
                    card.floor ? t('values.floorN', { floor: card.floor }) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : '—'),
          },
        ]
      : []),
    {
      key: 'status',
      title: t('fields.status'),
      render: (_v, card) => (
        <Space size={4} wrap>
          <Tag
            color={STATUS_COLOURS[card.status] ?? 'default'}
            data-testid="card-status"
            data-status={card.status}
          >
            {t(`status.${card.status}`)}
          </Tag>
          {card.encrypted && <Tag color="blue">{t('values.encrypted')}</Tag>}
          {card.superseded && (
            <Tag color="default" data-testid="card-superseded">
              {t('list.superseded')}
            </Tag>
          )}
          {/* Clicked, the lock state opens what each lock does with the card (issue 10 §4, lock/cardDelivery). */}
          {card.lock_sync === 'pending' && (
            <CardDeliveryPopover cardId={card.id}>
              <Tag color="orange" data-testid="card-sync-pending">
                {t('sync.pending')}
              </Tag>
            </CardDeliveryPopover>
          )}
          {card.lock_sync === 'done' && <CardLockSynced cardId={card.id} />}
        </Space>
      ),
    },
    {
      key: 'validity',
      title: t('fields.validity'),
      responsive: ['md'],
      render: (_v, card) => (
        <span>
          {hotelTimeText(card.start_time)} – {hotelTimeText(card.end_time)}
        </span>
      ),
    },
    {
      key: 'note',
      title: t('fields.note'),
      responsive: ['lg'],
      render: (_v, card) => <span dir="auto">{card.note}</span>,
    },
    {
      key: 'actions',
      title: t('actionsColumn'),
      render: (_v, card) => <CardActions card={card} compact={mobile} />,
    },
  ];
  return (
    <Table<Card>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={props.cards}
      loading={props.loading}
      pagination={props.pagination ?? false}
      locale={{ emptyText: props.empty }}
      data-testid={props.testId}
      onRow={(card) => ({ 'data-card-id': card.card_id, 'data-testid': 'card-row' }) as object}
      scroll={{ x: 'max-content' }}
    />
  );
}
