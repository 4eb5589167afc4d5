import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { checkMobile, checkNickname, checkPassword, type FieldInput } from '@lockdesk/protocol';
import {
  App,
  Button,
  type ButtonProps,
  Card,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ListLoadError } from '../../app/ListStates.tsx';
import { useListState, useSearchBox } from '../../app/listState.ts';
import { PATHS } from '../../app/paths.ts';
import { can } from '../../app/permissions.ts';
import { formatHotelTime } from '../../app/time.ts';
import { ruleOf } from '../../shared/rules.ts';
import { type AddStaffInput, type StaffMember, useAddStaff, useDeleteStaff, useStaffList } from './api.ts';
import { KEYWORD_MAX, readStaffList, STAFF_PAGE_SIZE, staffQuery, writeStaffList } from './listParams.ts';

const NONE = '—';

/** The room permissions page of a member. */
export function roomsPath(member: Pick<StaffMember, 'id' | 'nickname' | 'name' | 'mobile'>): string {
  const who = member.nickname || member.name || member.mobile;
  return `${PATHS.permissionsList}?${new URLSearchParams({ id: String(member.id), who })}`;
}

/** The management authority page of a secondary administrator (empty: a new one). */
export function authorityPath(mobile?: string): string {
  return mobile ? `${PATHS.Authority}?${new URLSearchParams({ mobile })}` : PATHS.Authority;
}

const optionalPassword = (v: FieldInput) =>
  v === undefined || v === null || v === '' ? undefined : checkPassword(v);

/**
 * Staff and secondary administrators (room/staffList): a tab each (administrators only for accounts that manage
 * them), search by name or mobile, paged by the server, the state in the URL. Add a staff member by mobile and
 * nickname; delete one with confirmation; open a member's rooms or an administrator's authority.
 */
export default function StaffListPage() {
  const { t } = useTranslation('staff');
  const { message } = App.useApp();
  const staffList = useListState(readStaffList, writeStaffList);
  const { state, change } = staffList;
  const managers = can('manager.manage');
  const role = managers ? state.role : 'staff';
  const searchBox = useSearchBox(state.name, (name) => change({ name }));
  const [adding, setAdding] = useState(false);

  const list = useStaffList(staffQuery({ ...state, role }));
  const remove = useDeleteStaff();
  const filtered = Boolean(state.name);

  return (
    <Card
      title={t('list.title')}
      data-testid="staff-list"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12 } }}
    >
      {managers ? (
        <Tabs
          activeKey={role}
          onChange={(key) => change({ role: key === 'secondary' ? 'secondary' : 'staff', name: undefined })}
          items={[
            { key: 'staff', label: <span data-testid="staff-tab-staff">{t('list.staffTab')}</span> },
            {
              key: 'secondary',
              label: <span data-testid="staff-tab-secondary">{t('list.managersTab')}</span>,
            },
          ]}
        />
      ) : null}
      <Space wrap>
        <Input.Search
          allowClear
          {...searchBox}
          maxLength={KEYWORD_MAX}
          placeholder={t('list.searchPlaceholder')}
          aria-label={t('list.search')}
          style={{ width: 280, maxWidth: '100%' }}
          data-testid="staff-search"
        />
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()} loading={list.isFetching}>
          {t('refresh')}
        </Button>
        {role === 'staff' ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="staff-add"
          >
            {t('list.addStaff')}
          </Button>
        ) : (
          <Link to={authorityPath()}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="manager-add">
              {t('list.addManager')}
            </Button>
          </Link>
        )}
      </Space>
      {list.isError && !list.data ? (
        <ListLoadError
          title={t('list.loadFailed')}
          retryText={t('tryAgain')}
          onRetry={() => list.refetch()}
          testId="staff-error"
        />
      ) : (
        <Table<StaffMember>
          rowKey="id"
          size="middle"
          loading={list.isPending || list.isPlaceholderData}
          dataSource={list.data?.list ?? []}
          scroll={{ x: 820 }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  filtered
                    ? t('list.emptyFiltered')
                    : role === 'staff'
                      ? t('list.empty')
                      : t('list.emptyManagers')
                }
              />
            ),
          }}
          onRow={() => ({ 'data-testid': 'staff-row' }) as React.HTMLAttributes<HTMLElement>}
          pagination={staffList.pagination(STAFF_PAGE_SIZE, list.data?.total, (total) =>
            t('list.total', { count: total }),
          )}
          columns={[
            {
              key: 'name',
              title: t('list.name'),
              render: (_v, m) => m.nickname || m.name || NONE,
            },
            { key: 'mobile', title: t('list.mobile'), dataIndex: 'mobile', width: 140 },
            {
              key: 'rooms',
              title: t('list.rooms'),
              dataIndex: 'room_count',
              width: 110,
              render: (n: number, m) => (
                <Link to={roomsPath(m)} data-testid="staff-rooms-count">
                  {t('list.roomCount', { count: n })}
                </Link>
              ),
            },
            ...(role === 'secondary'
              ? [
                  {
                    key: 'authorities',
                    title: t('list.authorities'),
                    render: (_v: unknown, m: StaffMember) =>
                      m.authorities.length ? (
                        <Space size={4} wrap>
                          {m.authorities.map((a) => (
                            <Tag key={a}>{t(`permission.${a.replace('.', '_')}`, { defaultValue: a })}</Tag>
                          ))}
                        </Space>
                      ) : (
                        <Typography.Text type="secondary">{t('list.noAuthorities')}</Typography.Text>
                      ),
                  },
                ]
              : []),
            {
              key: 'state',
              title: t('list.state'),
              width: 150,
              render: (_v, m) =>
                m.frozen ? (
                  <Tag color="red">{t('list.frozen')}</Tag>
                ) : m.valid_until ? (
                  <Typography.Text>
                    {t('list.validUntil', { time: formatHotelTime(m.valid_until) })}
                  </Typography.Text>
                ) : (
                  <Tag color="green">{t('list.active')}</Tag>
                ),
            },
            {
              key: 'createdAt',
              title: t('list.createdAt'),
              dataIndex: 'created_at',
              width: 150,
              render: (v: number) => formatHotelTime(v) || NONE,
            },
            {
              key: 'actions',
              title: t('actionsColumn'),
              width: 220,
              render: (_v, m) => (
                <Space size={4} wrap>
                  <Link to={roomsPath(m)} data-testid="staff-rooms">
                    {t('list.editRooms')}
                  </Link>
                  {m.role === 'secondary' ? (
                    <Link to={authorityPath(m.mobile)} data-testid="manager-authority">
                      {t('list.editAuthority')}
                    </Link>
                  ) : (
                    <Popconfirm
                      title={t('list.deleteConfirm', { name: m.nickname || m.mobile })}
                      okText={t('delete')}
                      cancelText={t('cancel')}
                      okButtonProps={{ danger: true, 'data-testid': 'staff-delete-ok' } as ButtonProps}
                      onConfirm={() =>
                        remove.mutateAsync(m.id).then(() => {
                          message.success(t('list.deleted'));
                        })
                      }
                    >
                      <Button type="link" danger size="small" data-testid="staff-delete">
                        {t('delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      <AddStaffModal open={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}

/** Adds a staff member by mobile and nickname; the password is optional (else they set one by SMS recovery). */
function AddStaffModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const { message } = App.useApp();
  const [form] = Form.useForm<AddStaffInput>();
  const add = useAddStaff();
  const submit = async () => {
    const values = await form.validateFields();
    const member = await add.mutateAsync(values);
    message.success(t('add.added', { name: member.nickname || member.mobile }));
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('add.title')}
      okText={t('add.submit')}
      cancelText={t('cancel')}
      confirmLoading={add.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'staff-add-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} data-testid="staff-add-form">
        <Form.Item name="mobile" label={t('add.mobile')} required rules={[ruleOf(checkMobile)]}>
          <Input inputMode="tel" autoComplete="off" data-testid="staff-add-mobile" />
        </Form.Item>
        <Form.Item name="nickname" label={t('add.nickname')} rules={[ruleOf((v) => checkNickname(v))]}>
          <Input data-testid="staff-add-nickname" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('add.password')}
          extra={t('add.passwordHint')}
          rules={[ruleOf(optionalPassword)]}
        >
          <Input.Password autoComplete="new-password" data-testid="staff-add-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
