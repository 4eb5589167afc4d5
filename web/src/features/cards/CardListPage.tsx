import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  CARD_STATUSES,
  CARD_TYPES,
  type CardListFilters,
  type CardStatus,
  type CardType,
  useCardCounts,
  useCardList,
} from '../../api/cards.ts';
import { PATHS } from '../../app/paths.ts';
import { CardTable } from '../../shared/cards/CardTable.tsx';
import { TYPE_KEYS } from '../../shared/cards/format.ts';
import {
  emptyOf,
  KeywordSearch,
  LoadFailed,
  listPagination,
  RoomFilter,
  useListSearch,
} from '../../shared/listParts.tsx';

/** The list's type and status from the URL (unknown values count as none). */
export function cardFiltersOf(search: URLSearchParams): { type?: CardType; status?: CardStatus } {
  const type = Number(search.get('type'));
  const status = search.get('status');
  return {
    ...(CARD_TYPES.includes(type as CardType) ? { type: type as CardType } : {}),
    ...(status && (CARD_STATUSES as readonly string[]).includes(status)
      ? { status: status as CardStatus }
      : {}),
  };
}

/**
 * Every card of the hotel (`/center/cardList`, the management cards): filters by type, status, room and keyword
 * and the page live in the URL; the server pages; each row has the card's actions.
 */
export default function CardListPage() {
  const { t } = useTranslation('cards');
  const { search, params, update } = useListSearch();
  const { type, status } = cardFiltersOf(search);
  const filters: CardListFilters = {
    type,
    status,
    room_id: params.room_id,
    keyword: params.keyword,
    page: params.page,
    limit: params.limit,
  };
  const cards = useCardList(filters);
  const counts = useCardCounts();
  const filtered = Boolean(type || status || params.room_id || params.keyword);

  return (
    <Card
      title={t('list.title')}
      data-testid="card-list-page"
      extra={
        <Link to={PATHS.addCard}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="card-list-add">
            {t('addCard.title')}
          </Button>
        </Link>
      }
    >
      {counts.data && (
        <Flex gap={32} wrap style={{ marginBottom: 16 }} data-testid="card-counts">
          <Statistic title={t('counts.total')} value={counts.data.total} />
          <Statistic title={t('counts.issued')} value={counts.data.issued} />
          <Statistic title={t('counts.pendingSync')} value={counts.data.pending_sync} />
        </Flex>
      )}
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          value={type}
          placeholder={t('filters.allTypes')}
          options={CARD_TYPES.map((code) => ({ value: code, label: t(`type.${TYPE_KEYS[code]}`) }))}
          onChange={(value?: number) => update({ type: value })}
          style={{ width: 180 }}
          data-testid="card-filter-type"
        />
        <Select
          allowClear
          value={status}
          placeholder={t('filters.allStatuses')}
          options={CARD_STATUSES.map((code) => ({ value: code, label: t(`status.${code}`) }))}
          onChange={(value?: string) => update({ status: value })}
          style={{ width: 160 }}
          data-testid="card-filter-status"
        />
        <RoomFilter
          roomId={params.room_id}
          placeholder={t('filters.room')}
          onChange={(roomId) => update({ room_id: roomId })}
          testId="card-filter-room"
        />
        <KeywordSearch
          keyword={params.keyword}
          placeholder={t('filters.keyword')}
          onSearch={(keyword) => update({ keyword })}
          testId="card-filter-keyword"
        />
        {filtered && (
          <Button
            onClick={() =>
              update({ type: undefined, status: undefined, room_id: undefined, keyword: undefined })
            }
            data-testid="card-filter-clear"
          >
            {t('filters.clear')}
          </Button>
        )}
      </Flex>
      {cards.isError ? (
        <LoadFailed
          title={t('list.loadFailed')}
          retryText={t('list.retry')}
          onRetry={() => cards.refetch()}
          testId="card-list-error"
        />
      ) : (
        <CardTable
          cards={cards.data?.list ?? []}
          loading={cards.isFetching}
          showRoom
          empty={emptyOf(cards.isLoading, t('list.empty'), 'card-list-empty')}
          pagination={listPagination(
            params,
            cards.data?.total ?? 0,
            (count) => t('list.total', { count }),
            update,
          )}
          testId="card-list"
        />
      )}
    </Card>
  );
}
