import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { checkGroupName, checkSortOrder, type FieldInput } from '@lockdesk/protocol';
import type { ButtonProps } from 'antd';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RoomGroup, useDeleteGroup, useRoomGroups, useSaveGroup } from '../../api/rooms.ts';
import { ruleOf } from '../../shared/rules.ts';
import { isAdministrator } from './who.ts';

interface GroupForm {
  name: string;
  sort: number | null;
}

/** Room groups (spec §2): listed by sort order, created, edited and deleted (an empty group only). */
export function GroupsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('rooms');
  const groups = useRoomGroups();
  const remove = useDeleteGroup();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<RoomGroup | 'new' | null>(null);
  // Groups are changed by administrators (category.manage); staff see them listed.
  const admin = isAdministrator();

  return (
    <Modal open={open} onCancel={onClose} title={t('groups.title')} footer={null} width={640} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }} size={12} data-testid="groups-modal">
        {admin ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="group-add"
          >
            {t('groups.add')}
          </Button>
        ) : (
          <Alert type="info" showIcon title={t('groups.adminsOnly')} />
        )}
        {groups.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('groups.loadFailed')}
            action={
              <Button size="small" onClick={() => groups.refetch()}>
                {t('tryAgain')}
              </Button>
            }
          />
        ) : (
          <Table<RoomGroup>
            rowKey="id"
            size="small"
            loading={groups.isPending}
            dataSource={groups.data ?? []}
            pagination={false}
            scroll={{ x: 420, y: 360 }}
            locale={{ emptyText: t('groups.empty') }}
            onRow={(g) =>
              ({ 'data-testid': 'group-row', 'data-group-id': g.id }) as React.HTMLAttributes<HTMLElement>
            }
            columns={(
              [
                { title: t('groups.name'), dataIndex: 'name', ellipsis: true },
                { title: t('groups.sort'), dataIndex: 'sort', width: 90 },
                { title: t('groups.rooms'), dataIndex: 'room_count', width: 90 },
                {
                  title: t('actionsColumn'),
                  key: 'actions',
                  width: 110,
                  render: (_v, g) => (
                    <Space size={4}>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('groups.edit')}
                        title={t('groups.edit')}
                        onClick={() => setEditing(g)}
                        data-testid="group-edit"
                      />
                      <Popconfirm
                        title={t('groups.deleteConfirm', { name: g.name })}
                        description={
                          g.room_count > 0 ? t('groups.notEmptyHint', { count: g.room_count }) : undefined
                        }
                        okText={t('delete')}
                        cancelText={t('cancel')}
                        okButtonProps={{ danger: true, 'data-testid': 'group-delete-ok' } as ButtonProps}
                        onConfirm={() =>
                          remove.mutateAsync(g.id).then(
                            () => void message.success(t('groups.deleted')),
                            () => undefined,
                          )
                        }
                      >
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('delete')}
                          title={t('delete')}
                          data-testid="group-delete"
                        />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ] satisfies TableColumnsType<RoomGroup>
            ).filter((c) => admin || c.key !== 'actions')}
          />
        )}
      </Space>
      {editing ? (
        <GroupFormModal
          group={editing === 'new' ? null : editing}
          nextSort={(groups.data ?? []).reduce((m, g) => Math.max(m, g.sort), 0) + 1}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Modal>
  );
}

/** Create or edit one group: name and sort order both required (spec §5). */
function GroupFormModal({
  group,
  nextSort,
  onClose,
}: {
  group: RoomGroup | null;
  nextSort: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('rooms');
  const { message } = App.useApp();
  const save = useSaveGroup();
  const [form] = Form.useForm<GroupForm>();
  const submit = (values: GroupForm) =>
    save.mutate(
      { id: group?.id, name: values.name, sort: Number(values.sort) },
      {
        onSuccess: () => {
          message.success(group ? t('groups.saved') : t('groups.created'));
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={group ? t('groups.edit') : t('groups.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'group-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form<GroupForm>
        form={form}
        layout="vertical"
        requiredMark
        initialValues={{ name: group?.name ?? '', sort: group?.sort ?? nextSort }}
        onFinish={submit}
        data-testid="group-form"
      >
        <Form.Item
          name="name"
          label={t('groups.name')}
          required
          rules={[ruleOf(checkGroupName), { max: 50, message: t('groups.nameTooLong') }]}
        >
          <Input maxLength={50} autoFocus data-testid="group-name" />
        </Form.Item>
        <Form.Item
          name="sort"
          label={t('groups.sort')}
          required
          extra={t('groups.sortHint')}
          rules={[
            ruleOf(
              (v: FieldInput) =>
                checkSortOrder(v) ?? (Number.isInteger(Number(v)) ? undefined : 'SORT_ORDER_REQUIRED'),
            ),
          ]}
        >
          <InputNumber
            precision={0}
            min={0}
            max={99_999}
            style={{ width: '100%' }}
            data-testid="group-sort"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
