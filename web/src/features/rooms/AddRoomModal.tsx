import type { ButtonProps } from 'antd';
import { App, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type AddRoomInput, useAddRoom, useRoomGroups } from '../../api/rooms.ts';
import { detailPath } from '../../shared/roomLinks.ts';
import { macRule, requiredText } from './formRules.ts';

interface AddRoomForm {
  name: string;
  category_id?: number;
  building?: number | null;
  floor?: number | null;
  mac_id?: string;
  bluetooth_name?: string;
  remark?: string;
}

/** Add a room and its lock (room/addRoom, administrators): only the name is required. Opens the new room. */
export function AddRoomModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('rooms');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const add = useAddRoom();
  const groups = useRoomGroups();
  const [form] = Form.useForm<AddRoomForm>();

  const submit = (v: AddRoomForm) => {
    const input: AddRoomInput = {
      name: v.name,
      category_id: v.category_id || undefined,
      building: v.building ?? undefined,
      floor: v.floor ?? undefined,
      mac_id: v.mac_id?.trim() || undefined,
      bluetooth_name: v.bluetooth_name?.trim() || undefined,
      remark: v.remark?.trim() || undefined,
    };
    add.mutate(input, {
      onSuccess: (room) => {
        message.success(t('add.done', { name: room.name }));
        form.resetFields();
        onClose();
        navigate(detailPath(room, 'lock'));
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('add.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('add.submit')}
      cancelText={t('cancel')}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'add-room-submit' } as ButtonProps}
      destroyOnHidden
    >
      <Form<AddRoomForm> form={form} layout="vertical" onFinish={submit} data-testid="add-room-form">
        <Form.Item
          name="name"
          label={t('fields.name')}
          required
          rules={[requiredText(t('lock.nameRequired')), { max: 50, message: t('lock.tooLong', { max: 50 }) }]}
        >
          <Input maxLength={50} autoFocus data-testid="add-room-name" />
        </Form.Item>
        <Form.Item name="category_id" label={t('fields.group')}>
          <Select
            allowClear
            placeholder={t('list.noGroup')}
            loading={groups.isPending}
            options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
          />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item name="building" label={t('fields.building')} style={{ flex: 1 }}>
            <InputNumber precision={0} min={0} max={9999} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="floor" label={t('fields.floor')} style={{ flex: 1 }}>
            <InputNumber precision={0} min={-99} max={999} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <Form.Item
          name="mac_id"
          label={t('fields.mac')}
          rules={[macRule(t('lock.macInvalid'))]}
          extra={t('add.macHint')}
        >
          <Input maxLength={20} placeholder="A0:B0:C0:01:01:06" dir="ltr" />
        </Form.Item>
        <Form.Item
          name="bluetooth_name"
          label={t('fields.bluetoothName')}
          rules={[{ max: 64, message: t('lock.tooLong', { max: 64 }) }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('fields.remark')}
          rules={[{ max: 100, message: t('lock.tooLong', { max: 100 }) }]}
        >
          <Input maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
