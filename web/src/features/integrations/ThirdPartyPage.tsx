import {
  DeleteOutlined,
  KeyOutlined,
  LoginOutlined,
  LogoutOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListLoadError } from '../../app/ListStates.tsx';
import { positiveParam, serverPagination, useListState } from '../../app/listState.ts';
import { formatHotelTime } from '../../app/time.ts';
import { ApiReferenceLink } from '../../shared/apiReference/ApiReferenceLink.tsx';
import {
  type ApiKey,
  type CreatedApiKey,
  readServiceSession,
  SERVICE_PAGE_SIZE,
  type ServiceRecord,
  type ServiceRoom,
  serviceLogout,
  useApiKeys,
  useCreateApiKey,
  useRevokeApiKey,
  useServiceDeleteCard,
  useServiceLogin,
  useServiceRecords,
  useServiceRooms,
} from './api.ts';

const KEY_PAGE_SIZE = 20;
type KeyFilter = 'all' | 'active' | 'revoked';

/** The keys table's state in the URL: status filter and page. */
function readKeyState(search: URLSearchParams): { filter: KeyFilter; page: number } {
  const raw = search.get('status');
  const filter: KeyFilter = raw === 'active' || raw === 'revoked' ? raw : 'all';
  return { filter, page: positiveParam(search.get('page')) ?? 1 };
}

function writeKeyState(state: { filter: KeyFilter; page: number }): URLSearchParams {
  const out = new URLSearchParams();
  if (state.filter !== 'all') out.set('status', state.filter);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

const CURL_EXAMPLE = `curl -s -X POST $HOST/auth/login \\
  -H 'Content-Type: application/json' -d '{"api_key":"ldk_…"}'
curl -s "$HOST/linQuan/getRoomListByHotelId?hotel_id=1" \\
  -H "Authorization: Bearer $TOKEN"`;

/**
 * Third-party authorisation (spec §2 /center/thirdPartyAuthorization; server/API.md §17, §18): the hotel's API keys
 * (create — shown once —, list, revoke), how to use them, and a try-out of the card-service API over the second
 * client, so a person can see an integration work from the browser.
 */
export default function ThirdPartyPage() {
  const { t } = useTranslation('integrations');
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="third-party-page">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      <KeysCard />
      <HowToCard />
      <TryItCard />
    </Space>
  );
}

function KeysCard() {
  const { t } = useTranslation('integrations');
  const { message } = App.useApp();
  const list = useListState(readKeyState, writeKeyState);
  const { state } = list;
  const keys = useApiKeys({
    revoked: state.filter === 'all' ? undefined : state.filter === 'revoked',
    page: state.page,
    limit: KEY_PAGE_SIZE,
  });
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [form] = Form.useForm<{ name: string }>();

  const submit = async () => {
    const { name } = await form.validateFields();
    create.mutateAsync(name.trim()).then(
      (key) => {
        setCreating(false);
        form.resetFields();
        setCreated(key);
      },
      () => {}, // the client has shown the refusal
    );
  };

  return (
    <Card
      title={
        <Space>
          <KeyOutlined />
          {t('keys.title')}
        </Space>
      }
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="apikey-create"
        >
          {t('keys.create')}
        </Button>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Space wrap>
        <Segmented<KeyFilter>
          value={state.filter}
          onChange={(filter) => list.change({ filter })}
          options={[
            { value: 'all', label: t('keys.all') },
            { value: 'active', label: t('keys.active') },
            { value: 'revoked', label: t('keys.revoked') },
          ]}
          data-testid="apikey-filter"
        />
        <Button icon={<ReloadOutlined />} onClick={() => keys.refetch()} loading={keys.isFetching}>
          {t('refresh')}
        </Button>
      </Space>
      {keys.isError && !keys.data ? (
        <ListLoadError
          title={t('keys.loadFailed')}
          retryText={t('keys.retry')}
          onRetry={() => keys.refetch()}
          testId="apikey-error"
        />
      ) : (
        <Table<ApiKey>
          rowKey="id"
          size="middle"
          loading={keys.isPending || keys.isPlaceholderData}
          dataSource={keys.data?.list ?? []}
          scroll={{ x: 760 }}
          locale={{
            emptyText: (
              <ListEmpty
                filtered={state.filter !== 'all'}
                empty={t('keys.empty')}
                emptyFiltered={t('keys.emptyFiltered')}
                clearText={t('keys.clearFilters')}
                onClear={list.clear}
              />
            ),
          }}
          onRow={(k) =>
            ({
              'data-testid': 'apikey-row',
              'data-prefix': k.prefix,
              'data-revoked': String(k.revoked),
            }) as HTMLAttributes<HTMLElement>
          }
          pagination={list.pagination(KEY_PAGE_SIZE, keys.data?.total, (total) =>
            t('keys.total', { count: total }),
          )}
          columns={[
            { title: t('keys.name'), dataIndex: 'name' },
            {
              title: t('keys.prefix'),
              dataIndex: 'prefix',
              render: (p: string) => <Typography.Text code>{`ldk_${p}_…`}</Typography.Text>,
            },
            { title: t('keys.createdBy'), dataIndex: 'created_by_name' },
            {
              title: t('keys.createdAt'),
              dataIndex: 'created_at',
              render: (s: number) => formatHotelTime(s),
            },
            {
              title: t('keys.lastUsed'),
              dataIndex: 'last_used_at',
              render: (s: number | null) => (s ? formatHotelTime(s) : t('keys.never')),
            },
            {
              title: t('keys.status'),
              dataIndex: 'revoked',
              render: (revoked: boolean) =>
                revoked ? <Tag>{t('keys.revoked')}</Tag> : <Tag color="green">{t('keys.active')}</Tag>,
            },
            {
              title: '',
              key: 'actions',
              render: (_: unknown, k: ApiKey) =>
                k.revoked ? null : (
                  <Popconfirm
                    title={t('keys.revokeConfirm', { name: k.name })}
                    okText={t('keys.revoke')}
                    cancelText={t('cancel')}
                    okButtonProps={{ danger: true, ...({ 'data-testid': 'apikey-revoke-ok' } as object) }}
                    onConfirm={() =>
                      revoke.mutateAsync(k.id).then(
                        () => message.success(t('keys.revokedDone')),
                        () => {},
                      )
                    }
                  >
                    <Button danger size="small" icon={<DeleteOutlined />} data-testid="apikey-revoke">
                      {t('keys.revoke')}
                    </Button>
                  </Popconfirm>
                ),
            },
          ]}
        />
      )}
      <Modal
        open={creating}
        title={t('keys.create')}
        okText={t('keys.createOk')}
        cancelText={t('cancel')}
        onOk={submit}
        confirmLoading={create.isPending}
        onCancel={() => setCreating(false)}
        okButtonProps={{ ...({ 'data-testid': 'apikey-create-ok' } as object) }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="name"
            label={t('keys.name')}
            rules={[{ required: true, whitespace: true, message: t('keys.nameRequired') }, { max: 50 }]}
          >
            <Input
              placeholder={t('keys.namePlaceholder')}
              maxLength={50}
              autoFocus
              data-testid="apikey-name"
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={created !== null}
        title={t('created.title')}
        closable={false}
        maskClosable={false}
        keyboard={false}
        // The key must not linger in the page once the person has copied it.
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => setCreated(null)} data-testid="apikey-created-done">
            {t('created.done')}
          </Button>
        }
      >
        <Alert type="warning" showIcon title={t('created.warning')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph
          code
          copyable={{ text: created?.key ?? '', tooltips: [t('created.copy'), t('created.copied')] }}
          style={{ wordBreak: 'break-all' }}
          data-testid="apikey-created-key"
        >
          {created?.key}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}

function HowToCard() {
  const { t } = useTranslation('integrations');
  return (
    <Card title={t('howTo.title')}>
      <ol style={{ paddingInlineStart: 20, marginTop: 0 }}>
        <li>{t('howTo.step1')}</li>
        <li>{t('howTo.step2')}</li>
        <li>{t('howTo.step3')}</li>
      </ol>
      <Typography.Text strong>{t('howTo.example')}</Typography.Text>
      <pre
        dir="ltr"
        style={{ overflowX: 'auto', padding: 12, background: 'rgba(0,0,0,0.04)', borderRadius: 6 }}
      >
        {CURL_EXAMPLE}
      </pre>
      <Space wrap>
        <span>{t('howTo.reference')}</span>
        <ApiReferenceLink />
      </Space>
    </Card>
  );
}

const RECORD_COLOURS: Record<string, string> = {
  pending: 'gold',
  issued: 'green',
  withdrawn: 'default',
  deleted: 'red',
  void: 'default',
};

function TryItCard() {
  const { t } = useTranslation('integrations');
  const { message } = App.useApp();
  const [session, setSession] = useState(readServiceSession);
  const [apiKey, setApiKey] = useState('');
  const [keyword, setKeyword] = useState('');
  const [roomPage, setRoomPage] = useState(1);
  const [recordPage, setRecordPage] = useState(1);
  const login = useServiceLogin();
  const rooms = useServiceRooms(session?.hotel_id ?? null, keyword, roomPage);
  const records = useServiceRecords(session !== null, recordPage);
  const remove = useServiceDeleteCard();

  const signIn = () => {
    if (apiKey.trim() === '') {
      message.error(t('tryIt.keyRequired'));
      return;
    }
    login.mutateAsync(apiKey).then(
      (s) => {
        setSession({ hotel_id: s.hotel_id, key_prefix: s.key_prefix });
        setApiKey('');
      },
      () => {},
    );
  };
  const failure = (e: unknown) => t('tryIt.failed', { message: e instanceof Error ? e.message : 'Error' });

  return (
    <Card
      title={t('tryIt.title')}
      data-testid="service-try"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Typography.Text type="secondary">{t('tryIt.intro')}</Typography.Text>
      {session === null ? (
        <Space.Compact style={{ maxWidth: 640 }}>
          <Input.Password
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value)}
            onPressEnter={signIn}
            placeholder="ldk_…"
            aria-label={t('tryIt.key')}
            data-testid="service-key"
          />
          <Button
            type="primary"
            icon={<LoginOutlined />}
            loading={login.isPending}
            onClick={signIn}
            data-testid="service-login"
          >
            {t('tryIt.signIn')}
          </Button>
        </Space.Compact>
      ) : (
        <Space wrap>
          <Tag color="blue" data-testid="service-signed-in">
            {t('tryIt.signedIn', { prefix: session.key_prefix, hotel: session.hotel_id })}
          </Tag>
          <Button
            icon={<LogoutOutlined />}
            onClick={() => {
              serviceLogout();
              setSession(null);
            }}
            data-testid="service-logout"
          >
            {t('tryIt.signOut')}
          </Button>
        </Space>
      )}
      {login.isError && (
        <Alert type="error" showIcon title={failure(login.error)} data-testid="service-login-error" />
      )}
      {session !== null && (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('tryIt.rooms')}
          </Typography.Title>
          <Input.Search
            allowClear
            placeholder={t('tryIt.search')}
            onSearch={(v) => {
              setKeyword(v.trim());
              setRoomPage(1);
            }}
            style={{ maxWidth: 280 }}
            data-testid="service-room-search"
          />
          {rooms.isError ? (
            <Alert type="error" showIcon title={failure(rooms.error)} data-testid="service-rooms-error" />
          ) : (
            <Table<ServiceRoom>
              rowKey="room_id"
              size="small"
              loading={rooms.isPending || rooms.isPlaceholderData}
              dataSource={rooms.data?.list ?? []}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tryIt.noRooms')} />,
              }}
              onRow={() => ({ 'data-testid': 'service-room-row' }) as HTMLAttributes<HTMLElement>}
              pagination={serverPagination(roomPage, SERVICE_PAGE_SIZE, rooms.data?.total, setRoomPage)}
              columns={[
                { title: t('tryIt.room'), dataIndex: 'name' },
                {
                  title: t('tryIt.lock'),
                  dataIndex: 'mac_id',
                  render: (mac: string | null) =>
                    mac ?? <Typography.Text type="secondary">{t('tryIt.noLock')}</Typography.Text>,
                },
                {
                  title: t('tryIt.guest'),
                  dataIndex: 'stay',
                  render: (stay: ServiceRoom['stay']) =>
                    stay ? (
                      `${stay.guest_name} · ${formatHotelTime(stay.check_in)} – ${formatHotelTime(stay.check_out)}`
                    ) : (
                      <Typography.Text type="secondary">{t('tryIt.vacant')}</Typography.Text>
                    ),
                },
              ]}
            />
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('tryIt.records')}
          </Typography.Title>
          {records.isError ? (
            <Alert type="error" showIcon title={failure(records.error)} data-testid="service-records-error" />
          ) : (
            <Table<ServiceRecord>
              rowKey="id"
              size="small"
              loading={records.isPending || records.isPlaceholderData}
              dataSource={records.data?.list ?? []}
              scroll={{ x: 760 }}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tryIt.noRecords')} />,
              }}
              onRow={(r) =>
                ({
                  'data-testid': 'service-record-row',
                  'data-status': r.status,
                }) as HTMLAttributes<HTMLElement>
              }
              pagination={serverPagination(recordPage, SERVICE_PAGE_SIZE, records.data?.total, setRecordPage)}
              columns={[
                { title: t('tryIt.card'), dataIndex: 'card_id' },
                { title: t('tryIt.room'), dataIndex: 'room_name' },
                { title: t('tryIt.guest'), dataIndex: 'guest_name' },
                {
                  title: t('tryIt.period'),
                  key: 'period',
                  render: (_: unknown, r: ServiceRecord) =>
                    `${formatHotelTime(r.start_time)} – ${formatHotelTime(r.end_time)}`,
                },
                {
                  title: t('tryIt.status'),
                  dataIndex: 'status',
                  render: (s: string) => <Tag color={RECORD_COLOURS[s]}>{t(`recordStatus.${s}`)}</Tag>,
                },
                {
                  title: t('tryIt.lockSync'),
                  dataIndex: 'lock_sync',
                  render: (s: string) => t(`lockSync.${s}`),
                },
                {
                  title: '',
                  key: 'actions',
                  render: (_: unknown, r: ServiceRecord) =>
                    r.status === 'issued' || r.status === 'pending' ? (
                      <Popconfirm
                        title={t('tryIt.deleteConfirm', { card: r.card_id })}
                        okText={t('tryIt.delete')}
                        cancelText={t('cancel')}
                        okButtonProps={{
                          danger: true,
                          ...({ 'data-testid': 'service-delete-ok' } as object),
                        }}
                        onConfirm={() =>
                          remove.mutateAsync(r.id).then(
                            () => message.success(t('tryIt.deleted')),
                            (e: unknown) => message.error(failure(e)),
                          )
                        }
                      >
                        <Button danger size="small" data-testid="service-delete">
                          {t('tryIt.delete')}
                        </Button>
                      </Popconfirm>
                    ) : null,
                },
              ]}
            />
          )}
        </>
      )}
    </Card>
  );
}
