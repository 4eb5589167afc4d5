import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { checkCustomerManagerMobile, checkMobile } from '@lockdesk/protocol';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { getUserInfo } from '../../api/session.ts';
import { ListLoadError } from '../../app/ListStates.tsx';
import { positiveParam, useListState, useSearchBox } from '../../app/listState.ts';
import { formatHotelTime } from '../../app/time.ts';
import { ruleOf } from '../../shared/rules.ts';
import {
  CLIENT_STATES,
  type Client,
  type ClientState,
  type ServiceState,
  useClients,
  useDeleteClient,
  useManager,
  useSetManager,
} from './api.ts';

const NONE = '—';
const PAGE_SIZE = 20;
const KEYWORD_MAX = 50;

/** A service period as a tag: ended, ending in N days, N days left, or no end. */
function ServiceTag({ s }: { s: ServiceState }) {
  const { t } = useTranslation('customers');
  if (s.service_expires_at === null) return <Tag>{t('service.unlimited')}</Tag>;
  if (s.expired) return <Tag color="error">{t('service.expired')}</Tag>;
  return (
    <Tag color={s.expiring ? 'warning' : 'success'}>{t('service.daysLeft', { count: s.days_left ?? 0 })}</Tag>
  );
}

/**
 * The customer page (API.md §16). A hotel's super administrator sees its customer manager — the contact shown when
 * its service period ends — and sets, changes or removes it; a customer manager sees its clients (the hotels it
 * looks after) with their service expiry, searched, filtered and paged by the server, the state in the URL.
 */
export default function CustomersPage() {
  const role = getUserInfo()?.['role'];
  return role === 'customer_manager' ? <ClientsCard /> : <ManagerCard />;
}

function ManagerCard() {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const manager = useManager(true);
  const setManager = useSetManager();
  const remove = useDeleteClient();
  const [form] = Form.useForm<{ mobile: string }>();
  const data = manager.data;

  return (
    <Card title={t('manager.title')} data-testid="customer-manager">
      {manager.isPending ? (
        <Skeleton active />
      ) : manager.isError ? (
        <ListLoadError title={t('loadFailed')} retryText={t('tryAgain')} onRetry={() => manager.refetch()} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('manager.hint')}
          </Typography.Paragraph>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('manager.current')}>
              {data?.manager ? (
                <Space wrap>
                  <Typography.Text strong data-testid="customer-manager-mobile">
                    {data.manager.mobile}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {data.manager.nickname || data.manager.name}
                  </Typography.Text>
                  <Popconfirm
                    title={t('manager.removeConfirm')}
                    okText={t('remove')}
                    cancelText={t('cancel')}
                    onConfirm={() =>
                      remove.mutateAsync(undefined).then(() => message.success(t('manager.removed')))
                    }
                  >
                    <Button
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      loading={remove.isPending}
                      data-testid="customer-manager-remove"
                    >
                      {t('remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : (
                <Typography.Text type="secondary" data-testid="customer-manager-none">
                  {t('manager.none')}
                </Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('service.expiresAt')}>
              <Space wrap>
                <span>{data?.service_expires_at ? formatHotelTime(data.service_expires_at) : NONE}</span>
                {data ? <ServiceTag s={data} /> : null}
              </Space>
            </Descriptions.Item>
          </Descriptions>
          <Form
            form={form}
            layout="inline"
            onFinish={({ mobile }) =>
              setManager.mutate(mobile.trim(), {
                onSuccess: () => {
                  form.resetFields();
                  message.success(t('manager.saved'));
                },
              })
            }
          >
            <Form.Item
              name="mobile"
              label={t('manager.mobile')}
              rules={[
                ruleOf(checkCustomerManagerMobile),
                ruleOf((v) => (checkCustomerManagerMobile(v) ? undefined : checkMobile(v))),
              ]}
            >
              <Input
                maxLength={11}
                inputMode="numeric"
                style={{ width: 180 }}
                data-testid="customer-manager-input"
              />
            </Form.Item>
            <Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                loading={setManager.isPending}
                data-testid="customer-manager-save"
              >
                {data?.manager ? t('manager.change') : t('manager.set')}
              </Button>
            </Form.Item>
          </Form>
        </Space>
      )}
    </Card>
  );
}

/** The client list's state in the URL (q, state, page). */
interface ClientListState {
  keyword?: string | undefined;
  state?: ClientState | undefined;
  page: number;
}

function readClientList(search: URLSearchParams): ClientListState {
  return {
    keyword: search.get('q')?.trim().slice(0, KEYWORD_MAX) || undefined,
    state: CLIENT_STATES.find((s) => s === search.get('state')),
    page: positiveParam(search.get('page')) ?? 1,
  };
}

function writeClientList(next: ClientListState): URLSearchParams {
  const out = new URLSearchParams();
  if (next.keyword) out.set('q', next.keyword);
  if (next.state) out.set('state', next.state);
  if (next.page > 1) out.set('page', String(next.page));
  return out;
}

function ClientsCard() {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const list = useListState(readClientList, writeClientList);
  const { state, change } = list;
  const searchBox = useSearchBox(state.keyword, (keyword) => change({ keyword }));
  const clients = useClients({ ...state, limit: PAGE_SIZE }, true);
  const drop = useDeleteClient();
  const filtered = Boolean(state.keyword || state.state);

  return (
    <Card
      title={t('clients.title')}
      data-testid="customer-clients"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      <Space wrap>
        <Input.Search
          allowClear
          {...searchBox}
          maxLength={KEYWORD_MAX}
          placeholder={t('clients.searchPlaceholder')}
          aria-label={t('clients.search')}
          style={{ width: 280, maxWidth: '100%' }}
          data-testid="customer-search"
        />
        <Select
          allowClear
          value={state.state}
          onChange={(v) => change({ state: v ?? undefined })}
          placeholder={t('clients.allStates')}
          aria-label={t('clients.state')}
          options={CLIENT_STATES.map((s) => ({ value: s, label: t(`clients.states.${s}`) }))}
          style={{ minWidth: 160 }}
          data-testid="customer-state"
        />
        <Button icon={<ReloadOutlined />} onClick={() => clients.refetch()} loading={clients.isFetching}>
          {t('refresh')}
        </Button>
      </Space>
      {clients.isError && !clients.data ? (
        <ListLoadError title={t('loadFailed')} retryText={t('tryAgain')} onRetry={() => clients.refetch()} />
      ) : (
        <Table<Client>
          rowKey="id"
          size="middle"
          loading={clients.isPending || clients.isPlaceholderData}
          dataSource={clients.data?.list ?? []}
          scroll={{ x: 760 }}
          onRow={() => ({ 'data-testid': 'customer-row' }) as React.HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={filtered ? t('clients.emptyFiltered') : t('clients.empty')}
              />
            ),
          }}
          pagination={list.pagination(PAGE_SIZE, clients.data?.total, (total) =>
            t('total', { count: total }),
          )}
          columns={[
            {
              key: 'hotel',
              title: t('clients.hotel'),
              render: (_v, c) =>
                c.hotel_name || <Typography.Text type="secondary">{t('clients.unnamed')}</Typography.Text>,
            },
            {
              key: 'admin',
              title: t('clients.admin'),
              render: (_v, c) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text>{c.mobile ?? NONE}</Typography.Text>
                  {c.nickname ? <Typography.Text type="secondary">{c.nickname}</Typography.Text> : null}
                </Space>
              ),
            },
            {
              key: 'expires',
              title: t('service.expiresAt'),
              width: 150,
              render: (_v, c) => (c.service_expires_at ? formatHotelTime(c.service_expires_at) : NONE),
            },
            { key: 'state', title: t('clients.state'), width: 150, render: (_v, c) => <ServiceTag s={c} /> },
            {
              key: 'actions',
              title: t('actionsColumn'),
              width: 110,
              render: (_v, c) => (
                <Popconfirm
                  title={t('clients.removeConfirm', { hotel: c.hotel_name || c.mobile || '' })}
                  okText={t('remove')}
                  cancelText={t('cancel')}
                  onConfirm={() => drop.mutateAsync(c.id).then(() => message.success(t('clients.removed')))}
                >
                  <Button danger size="small" icon={<DeleteOutlined />} data-testid="customer-remove">
                    {t('remove')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
