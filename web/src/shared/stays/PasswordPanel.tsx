import { PlusOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Flex,
  Form,
  Modal,
  Popconfirm,
  Result,
  Segmented,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type CreatedPassword,
  PASSWORD_STATUSES,
  type PasswordStatus,
  type RoomPassword,
  useActivePasswords,
  useCreatePassword,
  useDeletePassword,
  usePasswordHistory,
  useWithdrawPassword,
} from '../../api/stays.ts';
import { useListState } from '../../app/listState.ts';
import { useFeatureTexts } from '../../i18n/feature.ts';
import { staysTexts } from '../../i18n/namespaces.ts';
import { hotelTimeText } from '../format.ts';
import {
  DEFAULT_PASSWORD_CHOICE,
  type PasswordChoice,
  PasswordFields,
  PasswordShownOnce,
  passwordFieldsOf,
} from './PasswordOnce.tsx';

const STATUS_COLOURS: Record<RoomPassword['status'], string> = {
  active: 'green',
  used: 'default',
  expired: 'orange',
  revoked: 'red',
};

/** The password list's URL state, beside the page's own params: the view (`pw`), its page and the history's status. */
interface PasswordListState {
  view: 'active' | 'history';
  status?: PasswordStatus | undefined;
  page: number;
}

function readPasswordList(search: URLSearchParams): PasswordListState {
  return {
    view: search.get('pw') === 'history' ? 'history' : 'active',
    status: PASSWORD_STATUSES.find((s) => s === search.get('pwStatus')),
    page: Math.max(1, Number(search.get('pwPage')) || 1),
  };
}

function writePasswordList({ view, status, page }: PasswordListState): URLSearchParams {
  const out = new URLSearchParams();
  if (view !== 'active') out.set('pw', view);
  if (view === 'history' && status) out.set('pwStatus', status);
  if (page !== 1) out.set('pwPage', String(page));
  return out;
}

/**
 * A room's PIN passwords (contract A): the active ones and the history, a new remote or custom password (its digits
 * shown once), withdrawing and deleting with a confirm. With `stayId`, new passwords go to that stay.
 * The view (active/history) and page live in the URL (`pw`, `pwPage`).
 */
export function PasswordPanel({ roomId, stayId }: { roomId: number; stayId?: number }) {
  const ready = useFeatureTexts(staysTexts);
  return ready ? (
    <PasswordPanelBody roomId={roomId} {...(stayId === undefined ? {} : { stayId })} />
  ) : (
    <Skeleton active />
  );
}

function PasswordPanelBody({ roomId, stayId }: { roomId: number; stayId?: number }) {
  const { t } = useTranslation('stays');
  const { message } = App.useApp();
  const list = useListState(readPasswordList, writePasswordList, { params: ['pw', 'pwStatus', 'pwPage'] });
  const { view, status, page } = list.state;
  const active = useActivePasswords(roomId, view === 'active' ? page : 1);
  const history = usePasswordHistory(roomId, page, status, view === 'history');
  const shown = view === 'active' ? active : history;
  const withdraw = useWithdrawPassword(roomId);
  const remove = useDeletePassword(roomId);
  const create = useCreatePassword();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<CreatedPassword>();
  const [form] = Form.useForm<{ password: PasswordChoice }>();

  const submit = ({ password }: { password: PasswordChoice }) =>
    create.mutate(
      {
        room_id: roomId,
        ...(stayId === undefined ? {} : { stay_id: stayId }),
        ...passwordFieldsOf(password),
      },
      {
        onSuccess: (answer) => {
          setAdding(false);
          form.resetFields();
          setCreated(answer);
        },
      },
    );

  const columns: ColumnsType<RoomPassword> = [
    {
      key: 'holder',
      title: t('password.holder'),
      render: (_v, p) => [p.nickname, p.mobile].filter(Boolean).join(' · ') || '—',
    },
    {
      key: 'kind',
      title: t('password.kind'),
      render: (_v, p) => (
        <Space size={4} wrap>
          <span>{p.kind === 'custom' ? t('password.custom') : t('password.remote')}</span>
          {p.single_use && <Tag>{t('password.singleUseTag')}</Tag>}
        </Space>
      ),
    },
    {
      key: 'period',
      title: t('password.periodTitle'),
      render: (_v, p) =>
        t('password.period', { start: hotelTimeText(p.start_time), end: hotelTimeText(p.end_time) }),
    },
    {
      key: 'status',
      title: t('password.status'),
      render: (_v, p) => <Tag color={STATUS_COLOURS[p.status]}>{t(`password.statuses.${p.status}`)}</Tag>,
    },
    {
      key: 'created',
      title: t('password.created'),
      responsive: ['xl'],
      render: (_v, p) => `${hotelTimeText(p.created_at)}${p.created_by ? ` · ${p.created_by}` : ''}`,
    },
    {
      key: 'actions',
      title: t('actionsColumn'),
      render: (_v, p) => (
        <Space size={0} wrap>
          {p.status === 'active' && (
            <Popconfirm
              title={t('password.withdrawText')}
              okText={t('password.withdraw')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'password-withdraw-ok' }}
              onConfirm={() =>
                withdraw
                  .mutateAsync({ id: p.id })
                  .then(() => void message.success(t('password.withdrawn')))
                  .catch(() => undefined)
              }
            >
              <Button type="link" size="small" data-testid="password-withdraw">
                {t('password.withdraw')}
              </Button>
            </Popconfirm>
          )}
          <Popconfirm
            title={p.status === 'active' ? t('password.deleteActiveText') : t('password.deleteText')}
            okText={t('delete')}
            cancelText={t('cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'password-delete-ok' }}
            onConfirm={() =>
              remove
                .mutateAsync({ id: p.id })
                .then(() => void message.success(t('password.deleted')))
                .catch(() => undefined)
            }
          >
            <Button type="link" size="small" danger data-testid="password-delete">
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="password-panel">
      <Typography.Title level={5} style={{ marginBlock: '24px 12px' }}>
        {t('password.title')}
      </Typography.Title>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Space wrap>
          <Segmented
            value={view}
            onChange={(v) => list.change({ view: v === 'history' ? 'history' : 'active' })}
            options={[
              { value: 'active', label: t('password.active') },
              { value: 'history', label: t('password.history') },
            ]}
            data-testid="password-view"
          />
          {view === 'history' && (
            <Select<PasswordStatus>
              allowClear
              placeholder={t('password.allStatuses')}
              value={status}
              // Clearing gives undefined, which keeps the status: the panel's behaviour before useListState, kept.
              onChange={(v) => list.change({ view: 'history', status: v ?? status })}
              options={PASSWORD_STATUSES.map((s) => ({ value: s, label: t(`password.statuses.${s}`) }))}
              style={{ minWidth: 140 }}
              data-testid="password-status-filter"
            />
          )}
        </Space>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="password-new"
        >
          {t('password.new')}
        </Button>
      </Flex>
      {shown.isError ? (
        <Result
          status="warning"
          title={t('password.loadFailed')}
          extra={<Button onClick={() => void shown.refetch()}>{t('tryAgain')}</Button>}
        />
      ) : (
        <Table<RoomPassword>
          size="small"
          rowKey="id"
          loading={shown.isFetching}
          columns={columns}
          dataSource={shown.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: view === 'active' ? t('password.emptyActive') : t('password.emptyHistory') }}
          pagination={{
            current: page,
            pageSize: shown.data?.limit ?? 10,
            total: shown.data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (next) => list.set({ page: next }),
          }}
          data-testid="password-table"
        />
      )}
      <Modal
        open={adding}
        title={t('password.new')}
        okText={t('password.create')}
        cancelText={t('cancel')}
        onOk={() => form.submit()}
        onCancel={() => setAdding(false)}
        confirmLoading={create.isPending}
        okButtonProps={{ 'data-testid': 'password-create-ok' }}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ password: DEFAULT_PASSWORD_CHOICE }}
          onFinish={submit}
        >
          <PasswordFields name="password" withPeriod />
        </Form>
      </Modal>
      <PasswordShownOnce
        created={created}
        onClose={() => {
          setCreated(undefined);
          create.reset();
        }}
      />
    </div>
  );
}
