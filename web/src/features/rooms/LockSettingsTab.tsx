import { DeleteOutlined, LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import type { ButtonProps } from 'antd';
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Form,
  Image,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Upload,
  type UploadProps,
} from 'antd';

type UploadRequestOption = Parameters<NonNullable<UploadProps['customRequest']>>[0];

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  type LockSettingsInput,
  type Room,
  useDeleteRoom,
  useRoomGroups,
  useSetLockData,
} from '../../api/rooms.ts';
import { uploadFile } from '../../api/upload.ts';
import { PATHS } from '../../app/paths.ts';
import { formatHotelTime } from '../../app/time.ts';
import { ENV } from '../../config/deploy.ts';
import { BatteryLevel } from '../../shared/rooms/BatteryLevel.tsx';
import { formatMac } from '../../shared/rooms/status.ts';
import { requiredText } from './formRules.ts';
import { isAdministrator } from './who.ts';

interface LockForm {
  name: string;
  remark: string;
  notice: string;
  picture: string;
  description: string;
  building: number | null;
  floor: number | null;
  bluetooth_name: string;
  category_id: number;
}

/** The picture types the server's upload takes (contracts C); anything else is refused before it is sent. */
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** A stored file's address: the server answers a path on its own origin (contracts C), which the API base prefixes. */
export function fileUrl(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${ENV.apiBase}${url}` : url;
}

/** The form's values for a room. */
export function lockFormOf(room: Room): LockForm {
  return {
    name: room.name,
    remark: room.remark ?? '',
    notice: room.notice ?? '',
    picture: room.picture ?? '',
    description: room.description ?? '',
    building: room.building ?? null,
    floor: room.floor ?? null,
    bluetooth_name: room.bluetooth_name ?? '',
    category_id: room.category_id ?? 0,
  };
}

/** What room/setLockData is sent: only the fields that changed (an unchanged form sends nothing but the room). */
export function lockChanges(room: Room, values: LockForm): LockSettingsInput {
  const before = lockFormOf(room);
  const out: LockSettingsInput = { room_id: room.id };
  const texts = ['name', 'remark', 'notice', 'picture', 'description', 'bluetooth_name'] as const;
  for (const key of texts) {
    const value = (values[key] ?? '').trim();
    if (value !== before[key].trim()) out[key] = value;
  }
  if (values.building !== before.building && values.building !== null) out.building = values.building;
  if (values.floor !== before.floor && values.floor !== null) out.floor = values.floor;
  if (values.category_id !== before.category_id) out.category_id = values.category_id;
  return out;
}

/** Lock settings (spec §3 Room/lock): the editable fields, the lock's own facts, and deleting the room. */
export function LockSettingsTab({ room }: { room: Room }) {
  const { t } = useTranslation('rooms');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const save = useSetLockData();
  const remove = useDeleteRoom();
  const groups = useRoomGroups();
  const admin = isAdministrator();
  const [form] = Form.useForm<LockForm>();
  const picture = Form.useWatch('picture', form);
  const [uploading, setUploading] = useState(false);

  const submit = (values: LockForm) => {
    const changes = lockChanges(room, values);
    if (Object.keys(changes).length === 1) {
      message.info(t('lock.nothingChanged'));
      return;
    }
    save.mutate(changes, { onSuccess: () => message.success(t('lock.saved')) });
  };

  const upload = async (options: UploadRequestOption) => {
    const file = options.file as File;
    if (!PICTURE_TYPES.includes(file.type)) {
      message.error(t('lock.pictureType'));
      options.onError?.(new Error('type'));
      return;
    }
    setUploading(true);
    try {
      const stored = await uploadFile('lock_picture', file);
      form.setFieldValue('picture', stored.url);
      options.onSuccess?.(stored);
    } catch (e) {
      options.onError?.(e as Error);
    } finally {
      setUploading(false);
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t('lock.deleteTitle', { name: room.name }),
      content: t('lock.deleteText'),
      okText: t('delete'),
      okButtonProps: { danger: true, 'data-testid': 'room-delete-ok' } as ButtonProps,
      cancelText: t('cancel'),
      onOk: () =>
        remove.mutateAsync(room.id).then(
          () => {
            message.success(t('lock.deleted', { name: room.name }));
            navigate(PATHS.roomList);
          },
          // The server's reason (ROOM_HAS_HISTORY…) is already shown; keep the room open.
          () => undefined,
        ),
    });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, xxl: 4 }}
        items={[
          { key: 'battery', label: t('fields.battery'), children: <BatteryLevel level={room.battery} /> },
          {
            key: 'mac',
            label: t('fields.mac'),
            children: (
              <span dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                {formatMac(room.mac_id) || t('detail.noLock')}
              </span>
            ),
          },
          { key: 'lockId', label: t('fields.lockId'), children: room.lock_id || '—' },
          { key: 'updated', label: t('fields.updatedAt'), children: formatHotelTime(room.updated_at) },
        ]}
      />
      {admin ? null : <Alert type="info" showIcon title={t('lock.adminsOnly')} />}
      <Form<LockForm>
        form={form}
        layout="vertical"
        initialValues={lockFormOf(room)}
        onFinish={submit}
        disabled={!admin}
        data-testid="lock-form"
        key={`${room.id}:${room.updated_at}`}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('fields.name')}
              required
              rules={[
                requiredText(t('lock.nameRequired')),
                { max: 50, message: t('lock.tooLong', { max: 50 }) },
              ]}
            >
              <Input maxLength={50} data-testid="lock-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="remark"
              label={t('fields.remark')}
              rules={[{ max: 100, message: t('lock.tooLong', { max: 100 }) }]}
            >
              <Input maxLength={100} data-testid="lock-remark" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="category_id" label={t('fields.group')}>
              <Select
                loading={groups.isPending}
                options={[
                  { value: 0, label: t('list.noGroup') },
                  ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
                ]}
                data-testid="lock-group"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="building" label={t('fields.building')}>
              <InputNumber
                precision={0}
                min={0}
                max={9999}
                style={{ width: '100%' }}
                data-testid="lock-building"
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="floor" label={t('fields.floor')}>
              <InputNumber
                precision={0}
                min={-99}
                max={999}
                style={{ width: '100%' }}
                data-testid="lock-floor"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="bluetooth_name"
              label={t('fields.bluetoothName')}
              rules={[{ max: 64, message: t('lock.tooLong', { max: 64 }) }]}
            >
              <Input maxLength={64} data-testid="lock-bluetooth" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="notice"
              label={t('fields.notice')}
              extra={t('lock.noticeHint')}
              rules={[{ max: 500, message: t('lock.tooLong', { max: 500 }) }]}
            >
              <Input.TextArea
                maxLength={500}
                showCount
                autoSize={{ minRows: 2, maxRows: 5 }}
                data-testid="lock-notice"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="description"
              label={t('fields.description')}
              rules={[{ max: 2000, message: t('lock.tooLong', { max: 2000 }) }]}
            >
              <Input.TextArea
                maxLength={2000}
                autoSize={{ minRows: 2, maxRows: 6 }}
                data-testid="lock-description"
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="picture" hidden>
              <Input />
            </Form.Item>
            <Form.Item label={t('fields.picture')} extra={t('lock.pictureHint')}>
              <Space align="start" wrap>
                {picture ? (
                  <Image
                    src={fileUrl(picture)}
                    width={104}
                    height={104}
                    style={{ objectFit: 'cover', borderRadius: 8 }}
                    alt={t('fields.picture')}
                    data-testid="lock-picture-preview"
                  />
                ) : null}
                <span data-testid="lock-picture-upload">
                  <Upload
                    accept={PICTURE_TYPES.join(',')}
                    listType="picture-card"
                    showUploadList={false}
                    customRequest={upload}
                    disabled={!admin || uploading}
                  >
                    <div>
                      {uploading ? <LoadingOutlined /> : <PlusOutlined />}
                      <div style={{ marginTop: 4 }}>
                        {picture ? t('lock.pictureReplace') : t('lock.pictureUpload')}
                      </div>
                    </div>
                  </Upload>
                </span>
                {picture ? (
                  <Button onClick={() => form.setFieldValue('picture', '')} data-testid="lock-picture-remove">
                    {t('lock.pictureRemove')}
                  </Button>
                ) : null}
              </Space>
            </Form.Item>
          </Col>
        </Row>
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="lock-save">
            {t('save')}
          </Button>
          {admin ? (
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={confirmDelete}
              data-testid="room-delete"
              disabled={false}
            >
              {t('lock.delete')}
            </Button>
          ) : null}
        </Space>
      </Form>
    </Space>
  );
}
