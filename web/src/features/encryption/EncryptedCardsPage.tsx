import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Input, Result, Segmented, Space, Table, Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useListState } from '../../app/listState.ts';
import { encryptionTexts } from '../../i18n/namespaces.ts';
import { type EncryptionCard, useEncryptionState } from './api.ts';
import { cardPageUrl, ENCRYPTION_PATHS } from './links.ts';

type Show = 'encrypted' | 'all';

/** The cards a filter shows: encrypted ones (or all), whose number, UID or type holds the keyword. */
export function filterCards(cards: readonly EncryptionCard[], show: Show, keyword: string): EncryptionCard[] {
  const needle = keyword.trim().toLowerCase();
  return cards.filter(
    (c) =>
      (show === 'all' || c.encrypted) &&
      (!needle ||
        c.card_id.toLowerCase().includes(needle) ||
        (c.uid ?? '').toLowerCase().includes(needle) ||
        (c.type_name ?? '').toLowerCase().includes(needle)),
  );
}

/** The card list's URL state: which cards, the keyword and the page (`show`, `keyword`, `page`). */
interface CardListState {
  show: Show;
  keyword: string;
  page: number;
}

function readCardList(search: URLSearchParams): CardListState {
  return {
    show: search.get('show') === 'all' ? 'all' : 'encrypted',
    keyword: search.get('keyword') ?? '',
    page: Math.max(1, Number(search.get('page')) || 1),
  };
}

function writeCardList(state: CardListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.show === 'all') out.set('show', 'all');
  if (state.keyword) out.set('keyword', state.keyword);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/**
 * /center/cardEncryptionManagement: the hotel's cards with their encryption (`room/cardEncryptionList`); an
 * encrypted card is decrypted (or a plain one encrypted) on the encoder page, which expects that card's UID. The
 * filter, keyword and page live in the URL.
 */
export default function EncryptedCardsPage() {
  const { t } = useTranslation(encryptionTexts.ns);
  const navigate = useNavigate();
  const list = useListState(readCardList, writeCardList);
  const { show, keyword, page } = list.state;
  const state = useEncryptionState();
  const rows = useMemo(
    () => filterCards(state.data?.cards ?? [], show, keyword),
    [state.data, show, keyword],
  );

  if (state.isError)
    return (
      <Result
        status="warning"
        title={t('cards.loadFailed')}
        extra={<Button onClick={() => state.refetch()}>{t('tryAgain')}</Button>}
      />
    );

  return (
    <Card
      title={t('cards.title')}
      extra={<Button onClick={() => navigate(ENCRYPTION_PATHS.settings)}>{t('cards.settings')}</Button>}
      data-testid="encrypted-cards"
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented<Show>
          value={show}
          onChange={(value) => list.change({ show: value })}
          options={[
            { value: 'encrypted', label: t('cards.showEncrypted') },
            { value: 'all', label: t('cards.showAll') },
          ]}
        />
        <Input.Search
          allowClear
          defaultValue={keyword}
          key={keyword}
          placeholder={t('cards.search')}
          onSearch={(value) => list.change({ keyword: value.trim() })}
          style={{ width: 280 }}
          data-testid="cards-search"
        />
        {state.data ? (
          <Tag data-testid="cards-state">{state.data.enabled ? t('settings.on') : t('settings.off')}</Tag>
        ) : null}
      </Space>
      <Table<EncryptionCard>
        rowKey={(c) => `${c.id}-${c.uid}`}
        loading={state.isPending}
        dataSource={rows}
        pagination={{
          current: page,
          pageSize: 10,
          onChange: (p) => list.set({ page: p }),
          showSizeChanger: false,
        }}
        locale={{ emptyText: <Empty description={t('cards.empty')} /> }}
        scroll={{ x: true }}
        columns={[
          { title: t('cards.number'), dataIndex: 'card_id' },
          {
            title: t('cards.uid'),
            dataIndex: 'uid',
            render: (uid: string) => <span dir="ltr">{uid}</span>,
          },
          { title: t('cards.type'), dataIndex: 'type_name' },
          {
            title: t('cards.encryption'),
            dataIndex: 'encrypted',
            render: (encrypted: boolean) =>
              encrypted ? (
                <Tag color="green" icon={<LockOutlined />}>
                  {t('cards.encrypted')}
                </Tag>
              ) : (
                <Tag icon={<UnlockOutlined />}>{t('cards.plain')}</Tag>
              ),
          },
          {
            title: t('cards.actions'),
            key: 'actions',
            render: (_v, card) =>
              card.encrypted ? (
                <Button
                  size="small"
                  icon={<UnlockOutlined />}
                  onClick={() => navigate(cardPageUrl('decrypt', card.uid))}
                  data-testid={`decrypt-${card.uid}`}
                >
                  {t('cards.decrypt')}
                </Button>
              ) : (
                <Button
                  size="small"
                  icon={<LockOutlined />}
                  disabled={!state.data?.enabled}
                  onClick={() => navigate(cardPageUrl('encrypt', card.uid))}
                  data-testid={`encrypt-${card.uid}`}
                >
                  {t('cards.encrypt')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
