import { Card, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CardStatus, useAccessControls, useCardList, useDeleteCard } from '../../api/cards.ts';
import { KeywordSearch, useListSearch } from '../../shared/listParts.tsx';
import { CardTable } from './CardTable.tsx';
import { canIssue, canManageCards, FEATURE_KINDS, type FeatureKind } from './kinds.ts';
import { AddCardButton, ListOrFailure } from './listParts.tsx';

export const STATUSES: readonly CardStatus[] = ['issued', 'withdrawn', 'deleted'];

/**
 * The hotel's master, building or floor cards (`/card/masterControlCard`, `BuildingCard`, `floorCard`):
 * room/cardList of that type, keyword, status and page in the URL; delete with the Bluetooth notice; a button to
 * the add page (disabled, with the reason, when the account cannot issue this kind).
 */
export function SpecialCardListPage({ kind }: { kind: FeatureKind }) {
  const { t } = useTranslation('specialCards');
  const info = FEATURE_KINDS[kind];
  const { search, params, update } = useListSearch();
  const status = STATUSES.find((s) => s === search.get('status'));
  const cards = useCardList({
    type: info.type,
    status,
    keyword: params.keyword,
    page: params.page,
    limit: params.limit,
  });
  const remove = useDeleteCard();
  const access = useAccessControls();
  const accessNames = new Map((access.data ?? []).map((r) => [r.room_id, r.name]));
  const mayIssue = canIssue(info.type);
  return (
    <Card
      title={t(`titles.${info.listTitle}`)}
      data-testid={`special-cards-${kind}`}
      extra={
        <AddCardButton
          to={info.addPath}
          mayIssue={mayIssue}
          reason={kind === 'master' ? t('hints.masterSuperOnly') : t('hints.readOnly')}
        />
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <KeywordSearch
          keyword={params.keyword}
          placeholder={t('placeholders.search')}
          onSearch={(keyword) => update({ keyword })}
          testId="card-search"
        />
        <Select
          allowClear
          value={status}
          placeholder={t('placeholders.allStatuses')}
          options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(value?: string) => update({ status: value })}
          style={{ width: 180 }}
          data-testid="card-status-filter"
        />
      </Flex>
      <ListOrFailure query={cards}>
        <CardTable
          cards={cards.data?.list}
          total={cards.data?.total ?? 0}
          loading={cards.isFetching}
          firstLoad={cards.isLoading}
          filtered={Boolean(params.keyword || status)}
          params={params}
          update={update}
          columns={{ building: kind !== 'master', floor: kind === 'floor' }}
          accessNames={(ids) => ids.map((id) => accessNames.get(id) ?? `#${id}`)}
          canManage={canManageCards()}
          onDelete={(card) => remove.mutateAsync({ id: card.id })}
          testId="card-list"
        />
      </ListOrFailure>
    </Card>
  );
}

export function MasterCardsPage() {
  return <SpecialCardListPage kind="master" />;
}
export function BuildingCardsPage() {
  return <SpecialCardListPage kind="building" />;
}
export function FloorCardsPage() {
  return <SpecialCardListPage kind="floor" />;
}
