import { CheckOutlined, DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Badge, Button, Card, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListEmpty, ListLoadError } from '../../app/ListStates.tsx';
import { useListState } from '../../app/listState.ts';
import { formatHotelTime } from '../../app/time.ts';
import { detailPath } from '../../shared/roomLinks.ts';
import { MESSAGE_KINDS, type Message, useDeleteMessages, useMessages, useReadMessages } from './api.ts';
import { MESSAGE_PAGE_SIZE, messageQuery, readMessageList, writeMessageList } from './listParams.ts';
import { messageText } from './messageText.ts';

const KIND_COLOURS: Record<string, string> = {
  low_battery: 'orange',
  service_expiring: 'red',
  lock_not_synced: 'gold',
  card_write_failed: 'volcano',
};

/**
 * The message centre (lock/messageList, API.md §14): the hotel's messages in the reader's language, by kind, unread
 * first or newest first, paged by the server, the state in the URL; mark read, delete one or the selected ones, and
 * open the room a message is about.
 */
export default function MessageListPage() {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const list = useListState(readMessageList, writeMessageList);
  const { state, change } = list;
  const messages = useMessages(messageQuery(state));
  const read = useReadMessages();
  const remove = useDeleteMessages();
  const [selected, setSelected] = useState<number[]>([]);
  const filtered = Boolean(state.kind || state.unreadOnly);
  const unread = messages.data?.unread ?? 0;

  const deleteIds = (ids: number[]) =>
    remove.mutateAsync(ids).then(
      () => {
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        message.success(t('action.deleted'));
      },
      () => {},
    );

  return (
    <Card
      title={
        <Space>
          {t('title')}
          <Badge
            count={unread}
            overflowCount={999}
            data-testid="message-unread"
            title={t('list.unread', { count: unread })}
          />
        </Space>
      }
      data-testid="message-list"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Space wrap>
        <Select
          value={state.kind ?? ''}
          onChange={(v) => change({ kind: MESSAGE_KINDS.find((k) => k === v) })}
          options={[
            { value: '', label: t('kind.all') },
            ...MESSAGE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) })),
          ]}
          aria-label={t('filter.kind')}
          style={{ minWidth: 180 }}
          data-testid="message-kind"
        />
        <Select
          value={state.newest ? 'time' : 'unread'}
          onChange={(v) => change({ newest: v === 'time' })}
          options={[
            { value: 'unread', label: t('filter.unreadFirst') },
            { value: 'time', label: t('filter.newest') },
          ]}
          aria-label={t('filter.order')}
          style={{ minWidth: 150 }}
          data-testid="message-order"
        />
        <Space size={6}>
          <Switch
            checked={state.unreadOnly}
            onChange={(on) => change({ unreadOnly: on })}
            aria-label={t('filter.unreadOnly')}
            data-testid="message-unread-only"
          />
          <span>{t('filter.unreadOnly')}</span>
        </Space>
        <Button icon={<ReloadOutlined />} onClick={() => messages.refetch()} loading={messages.isFetching}>
          {t('refresh')}
        </Button>
        <Button
          icon={<CheckOutlined />}
          disabled={unread === 0}
          loading={read.isPending}
          onClick={() =>
            read.mutateAsync({ all: true }).then(
              () => message.success(t('action.allRead')),
              () => {},
            )
          }
          data-testid="message-read-all"
        >
          {t('action.markAllRead')}
        </Button>
        <Popconfirm
          title={t('action.deleteSelectedConfirm', { count: selected.length })}
          okText={t('delete')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true, ...({ 'data-testid': 'message-delete-selected-ok' } as object) }}
          disabled={selected.length === 0}
          onConfirm={() => deleteIds(selected)}
        >
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            data-testid="message-delete-selected"
          >
            {t('action.deleteSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
      </Space>
      {messages.isError && !messages.data ? (
        <ListLoadError
          title={t('list.loadFailed')}
          retryText={t('tryAgain')}
          onRetry={() => messages.refetch()}
          testId="message-error"
        />
      ) : (
        <Table<Message>
          rowKey="id"
          size="middle"
          loading={messages.isPending || messages.isPlaceholderData}
          dataSource={messages.data?.list ?? []}
          scroll={{ x: 860 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
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
          onRow={(m) =>
            ({
              'data-testid': 'message-row',
              'data-kind': m.kind,
              'data-read': String(m.read),
            }) as HTMLAttributes<HTMLElement>
          }
          pagination={list.pagination(MESSAGE_PAGE_SIZE, messages.data?.total, (total) =>
            t('list.total', { count: total }),
          )}
          columns={[
            {
              key: 'status',
              title: t('column.status'),
              width: 110,
              render: (_v, m) =>
                m.resolved ? (
                  <Tag color="green">{t('status.resolved')}</Tag>
                ) : m.read ? (
                  <Typography.Text type="secondary">{t('status.read')}</Typography.Text>
                ) : (
                  <Badge status="processing" text={t('status.unread')} />
                ),
            },
            {
              key: 'kind',
              title: t('column.kind'),
              width: 150,
              render: (_v, m) => (
                <Tag color={KIND_COLOURS[m.kind]}>
                  {t(`kind.${MESSAGE_KINDS.find((k) => k === m.kind) ?? 'notice'}`)}
                </Tag>
              ),
            },
            {
              key: 'message',
              title: t('column.message'),
              render: (_v, m) => (
                <Typography.Text strong={!m.read && !m.resolved} data-testid="message-text">
                  {messageText(t, m)}
                </Typography.Text>
              ),
            },
            {
              key: 'time',
              title: t('time'),
              dataIndex: 'created_at',
              width: 150,
              render: (v: number) => formatHotelTime(v),
            },
            {
              key: 'actions',
              title: t('actionsColumn'),
              width: 260,
              render: (_v, m) => (
                <Space size={4} wrap>
                  {m.room_id !== null && (
                    <Link to={detailPath({ id: m.room_id })} data-testid="message-room">
                      {t('action.openRoom')}
                    </Link>
                  )}
                  {!m.read && (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => read.mutate({ ids: [m.id] })}
                      data-testid="message-read"
                    >
                      {t('action.markRead')}
                    </Button>
                  )}
                  <Popconfirm
                    title={t('action.deleteConfirm')}
                    okText={t('delete')}
                    cancelText={t('cancel')}
                    okButtonProps={{ danger: true, ...({ 'data-testid': 'message-delete-ok' } as object) }}
                    onConfirm={() => deleteIds([m.id])}
                  >
                    <Button size="small" type="link" danger data-testid="message-delete">
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
