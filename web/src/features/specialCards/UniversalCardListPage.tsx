import { CARD_TYPE } from '@lockdesk/protocol';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useManagerCards, useManagerDelete } from '../../api/cards.ts';
import { lockRoomsQuery } from '../../api/locks.ts';
import { PATHS } from '../../app/paths.ts';
import { useListSearch } from '../../shared/listParts.tsx';
import { CardTable } from './CardTable.tsx';
import { canIssue, canManageCards } from './kinds.ts';
import { AddCardButton, ListOrFailure } from './listParts.tsx';

const TYPES = [CARD_TYPE.universal, CARD_TYPE.super] as const;

/**
 * The universal and super cards (`/card/universalCardList`, lock/managerList): type and page in the URL, delete
 * (lock/managerDelete) with the Bluetooth notice, a button to the add page; the page says a new universal card
 * opens a lock only after that lock's next Bluetooth unlock.
 */
export default function UniversalCardListPage() {
  const { t } = useTranslation('specialCards');
  const { search, params, update } = useListSearch();
  const typeParam = Number(search.get('type'));
  const type = TYPES.find((x) => x === typeParam);
  const cards = useManagerCards(type, params.page, params.limit);
  const remove = useManagerDelete();
  const rooms = useQuery(lockRoomsQuery);
  const names = new Map((rooms.data?.list ?? []).map((r) => [r.room_id ?? r.id, r.name]));
  const mayIssue = canIssue(CARD_TYPE.universal);
  return (
    <Card
      title={t('titles.universal')}
      data-testid="special-cards-universal"
      extra={<AddCardButton to={PATHS.addUniversalCard} mayIssue={mayIssue} reason={t('hints.readOnly')} />}
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('messages.universalNotice')} />
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          value={type}
          placeholder={t('placeholders.allTypes')}
          options={TYPES.map((x) => ({ value: x, label: t(`types.${x}`) }))}
          onChange={(value?: number) => update({ type: value })}
          style={{ width: 280, maxWidth: '100%' }}
          data-testid="card-type-filter"
        />
      </Flex>
      <ListOrFailure query={cards}>
        <CardTable
          cards={cards.data?.list}
          total={cards.data?.total ?? 0}
          loading={cards.isFetching}
          firstLoad={cards.isLoading}
          filtered={type !== undefined}
          params={params}
          update={update}
          columns={{ type: true }}
          roomNames={(ids) => ids.map((id) => names.get(id) ?? `#${id}`)}
          canManage={canManageCards()}
          onDelete={(card) => remove.mutateAsync({ id: card.id })}
          testId="card-list"
        />
      </ListOrFailure>
    </Card>
  );
}
