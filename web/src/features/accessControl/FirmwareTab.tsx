import { UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoomOptions } from '../../api/locks.ts';
import { getUserInfo } from '../../api/session.ts';
import { can } from '../../app/permissions.ts';
import { formatHotelTime } from '../../app/time.ts';
import { KeywordSearch } from '../../shared/listParts.tsx';
import { type Firmware, type FirmwareLock, useAddFirmware, useFirmwares } from './api.ts';
import {
  type EquipmentState,
  FIRMWARE_VERSION,
  firmwareFileProblem,
  PAGE_SIZE,
  SEARCH_MAX,
} from './listParams.ts';

interface TabProps {
  state: EquipmentState;
  update: (changes: Partial<EquipmentState>) => void;
}

interface FirmwareForm {
  name: string;
  version: string;
  model?: string;
  note?: string;
  room_ids?: number[];
}

/** A size in KB or MB, one decimal. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0.1, Math.round((bytes / 1024) * 10) / 10)} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** Chooses a firmware file and its details, uploads it and records it. */
function UploadFirmware({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('accessControl');
  const { message } = App.useApp();
  const [form] = Form.useForm<FirmwareForm>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const add = useAddFirmware();
  const rooms = useRoomOptions();
  // Only the super administrator may leave the rooms empty (every lock); others name theirs (server/API.md §13.2).
  const mustChoose = getUserInfo()?.['role'] !== 'super';

  const choose = (chosen: File) => {
    const problem = firmwareFileProblem(chosen);
    setFile(problem ? null : chosen);
    setFileError(
      problem === 'type'
        ? t('firmware.form.fileType')
        : problem === 'size'
          ? t('firmware.form.fileSize')
          : null,
    );
    return false;
  };

  const save = async (values: FirmwareForm) => {
    if (!file) {
      setFileError(t('firmware.form.fileRequired'));
      return;
    }
    try {
      const saved = await add.mutateAsync({ file, ...values, room_ids: values.room_ids ?? [] });
      message.success(t('firmware.form.saved', { name: saved.name, version: saved.version }));
      onClose();
    } catch {
      // shown by the request layer
    }
  };

  return (
    <Modal
      open
      title={t('firmware.form.title')}
      okText={t('firmware.form.submit')}
      cancelText={t('cancel')}
      onOk={() => {
        if (!file && !fileError) setFileError(t('firmware.form.fileRequired'));
        form.submit();
      }}
      onCancel={onClose}
      confirmLoading={add.isPending}
      okButtonProps={{ 'data-testid': 'firmware-submit' } as ButtonProps}
      destroyOnHidden
      data-testid="firmware-form"
    >
      <Alert type="info" showIcon title={t('firmware.bluetooth')} style={{ marginBottom: 16 }} />
      <Form<FirmwareForm> form={form} layout="vertical" onFinish={save}>
        <Form.Item
          label={t('firmware.form.file')}
          required
          extra={t('firmware.form.fileHint')}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          <div data-testid="firmware-file">
            <Upload
              accept=".bin,.zip"
              maxCount={1}
              beforeUpload={choose}
              fileList={file ? [{ uid: 'firmware', name: file.name, status: 'done' }] : []}
              onRemove={() => {
                setFile(null);
                return true;
              }}
            >
              <Button icon={<UploadOutlined />}>{t('firmware.form.choose')}</Button>
            </Upload>
          </div>
        </Form.Item>
        <Form.Item
          name="name"
          label={t('firmware.name')}
          rules={[{ required: true, whitespace: true, message: t('firmware.form.nameRequired') }]}
        >
          <Input maxLength={64} data-testid="firmware-name" />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('firmware.version')}
          rules={[
            { required: true, whitespace: true, message: t('firmware.form.versionRequired') },
            { pattern: FIRMWARE_VERSION, message: t('firmware.form.versionInvalid') },
          ]}
        >
          <Input maxLength={40} placeholder="2.4.0" data-testid="firmware-version" />
        </Form.Item>
        <Form.Item name="model" label={t('firmware.model')}>
          <Input maxLength={40} data-testid="firmware-model" />
        </Form.Item>
        <Form.Item
          name="room_ids"
          label={t('firmware.form.rooms')}
          extra={mustChoose ? undefined : t('firmware.form.roomsHint')}
          rules={mustChoose ? [{ required: true, message: t('firmware.form.roomsRequired') }] : []}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={mustChoose ? undefined : t('firmware.form.allRooms')}
            loading={rooms.isLoading}
            options={(rooms.data ?? []).map((r) => ({ value: r.room_id ?? r.id, label: r.name }))}
            data-testid="firmware-rooms"
          />
        </Form.Item>
        <Form.Item name="note" label={t('firmware.note')}>
          <Input.TextArea maxLength={200} rows={2} data-testid="firmware-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The locks a firmware applies to, each with the version it reports. */
function FirmwareLocks({ locks }: { locks: FirmwareLock[] }) {
  const { t } = useTranslation('accessControl');
  if (locks.length === 0) return <Typography.Text type="secondary">{t('firmware.noLocks')}</Typography.Text>;
  return (
    <Flex gap={6} wrap data-testid="firmware-locks">
      {locks.map((lock) => (
        <Tag
          key={lock.room_id}
          color={lock.current ? 'green' : 'orange'}
          title={`${t('firmware.lockVersion')}: ${lock.lock_version || t('firmware.unknownVersion')}`}
          data-testid="firmware-lock"
          data-current={lock.current ? '1' : '0'}
        >
          {lock.name} · {lock.current ? t('firmware.runs') : t('firmware.toUpgrade')}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * The firmware tab: the hotel's firmware files (lock/getFirmwaresList, paged on the server, searched by name,
 * version or model), each with the locks it applies to and which already run it; upload a new one. It says plainly
 * that the phone app upgrades a lock over Bluetooth: the console never pretends to.
 */
export default function FirmwareTab({ state, update }: TabProps) {
  const { t } = useTranslation('accessControl');
  const allowed = can('firmware.manage');
  const firmwares = useFirmwares({ keyword: state.keyword, page: state.fpage, limit: PAGE_SIZE });
  const [uploading, setUploading] = useState(false);

  if (!allowed)
    return <Result status="403" subTitle={t('firmware.noPermission')} data-testid="firmware-denied" />;

  const columns: TableColumnsType<Firmware> = [
    { key: 'name', dataIndex: 'name', title: t('firmware.name') },
    { key: 'version', dataIndex: 'version', title: t('firmware.version') },
    { key: 'model', dataIndex: 'model', title: t('firmware.model'), responsive: ['md'] },
    {
      key: 'file',
      title: t('firmware.file'),
      responsive: ['lg'],
      render: (_, fw) => (
        <Flex vertical>
          <a href={fw.url} download={fw.file_name}>
            {fw.file_name}
          </a>
          <Typography.Text type="secondary">{fileSize(fw.size)}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'sha256',
      title: t('firmware.sha256'),
      responsive: ['xl'],
      render: (_, fw) => (
        <Typography.Text code copyable={{ text: fw.sha256 }} title={fw.sha256}>
          {fw.sha256.slice(0, 12)}…
        </Typography.Text>
      ),
    },
    {
      key: 'locks',
      title: t('firmware.locks'),
      render: (_, fw) => (
        <Flex vertical>
          <span data-testid="firmware-lock-count">
            {t('firmware.lockCount', { current: fw.current_count, total: fw.lock_count })}
          </span>
          <Typography.Text type="secondary">
            {fw.applies_to === 'all' ? t('firmware.appliesAll') : t('firmware.appliesChosen')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'created_at',
      title: t('firmware.uploaded'),
      responsive: ['lg'],
      render: (_, fw) => formatHotelTime(fw.created_at),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('firmware.bluetooth')} data-testid="firmware-bluetooth" />
      <Flex gap={8} wrap justify="space-between">
        <KeywordSearch
          keyword={state.keyword}
          onSearch={(keyword) => update({ keyword, fpage: 1 })}
          placeholder={t('firmware.search')}
          width={280}
          maxLength={SEARCH_MAX}
          testId="firmware-search"
        />
        <Button
          type="primary"
          icon={<UploadOutlined />}
          onClick={() => setUploading(true)}
          data-testid="firmware-upload"
        >
          {t('firmware.upload')}
        </Button>
      </Flex>
      {firmwares.isError ? (
        <Result
          status="warning"
          title={t('loadFailed')}
          extra={<Button onClick={() => firmwares.refetch()}>{t('actions.retry')}</Button>}
          data-testid="firmware-error"
        />
      ) : (
        <Table<Firmware>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={firmwares.data?.list ?? []}
          loading={firmwares.isFetching}
          scroll={{ x: 'max-content' }}
          data-testid="firmware-list"
          onRow={(fw) => ({ 'data-version': fw.version }) as object}
          expandable={{
            expandedRowRender: (fw) => <FirmwareLocks locks={fw.locks} />,
            expandRowByClick: true,
          }}
          locale={{
            emptyText: firmwares.isLoading ? (
              ' '
            ) : (
              <Empty
                description={state.keyword ? t('firmware.emptyFiltered') : t('firmware.empty')}
                data-testid="firmware-empty"
              />
            ),
          }}
          pagination={{
            current: state.fpage,
            pageSize: PAGE_SIZE,
            total: firmwares.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (count) => t('firmware.total', { count }),
            onChange: (fpage) => update({ fpage }),
          }}
        />
      )}
      {uploading && <UploadFirmware onClose={() => setUploading(false)} />}
    </Flex>
  );
}
