import {
  App,
  type ButtonProps,
  DatePicker,
  Empty,
  Form,
  Modal,
  Result,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  type Face,
  type FaceGrant,
  useFaceGrants,
  useGrantFace,
  useRevokeFaceGrant,
} from '../../api/faces.ts';
import { useRoomOptions } from '../../api/locks.ts';
import { formatHotelTime, fromHotelWallClock, hotelNow } from '../../app/time.ts';
import { ConfirmedButton } from '../../shared/listParts.tsx';

interface GrantForm {
  room_ids: number[];
  period: [Dayjs, Dayjs];
}

/** How long a new grant lasts unless the operator picks otherwise. */
export const DEFAULT_GRANT_DAYS = 7;

const STATE_COLORS: Record<FaceGrant['state'], string> = {
  waiting: 'orange',
  confirmed: 'green',
  ended: 'default',
};

/**
 * A face's grants to more locks (server/API.md §13.3): the rooms it is granted to with their period and delivery
 * state (waiting for the lock's next Bluetooth sync, on the lock, ended), each revocable; and a form granting it to
 * more rooms for a period (granting again to a room changes its period).
 */
export function FaceGrantsDialog({ face, onClose }: { face: Face; onClose: () => void }) {
  const { t } = useTranslation('faces');
  const { message } = App.useApp();
  const [form] = Form.useForm<GrantForm>();
  const grants = useFaceGrants(face.id);
  const rooms = useRoomOptions();
  const grant = useGrantFace();
  const revoke = useRevokeFaceGrant();

  const save = async (values: GrantForm) => {
    try {
      const answer = await grant.mutateAsync({
        face: face.id,
        room_ids: values.room_ids,
        start_time: fromHotelWallClock(values.period[0]),
        end_time: fromHotelWallClock(values.period[1]),
      });
      message.success(t('grants.granted', { count: answer.list.length }));
      form.resetFields(['room_ids']);
    } catch {
      // shown by the request layer
    }
  };

  const columns: TableColumnsType<FaceGrant> = [
    { key: 'room', dataIndex: 'room_name', title: t('grants.room') },
    {
      key: 'period',
      title: t('grants.period'),
      render: (_, g) => `${formatHotelTime(g.start_time)} – ${formatHotelTime(g.end_time)}`,
    },
    {
      key: 'state',
      title: t('grants.state'),
      render: (_, g) => (
        <Tag color={STATE_COLORS[g.state]} data-testid="face-grant-state" data-state={g.state}>
          {t(`grants.states.${g.state}`)}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('actionsColumn'),
      render: (_, g) => (
        <ConfirmedButton
          confirm={t('grants.revokeConfirm', { room: g.room_name })}
          label={t('grants.revoke')}
          cancelText={t('cancel')}
          done={t('grants.revoked')}
          onConfirm={() => revoke.mutateAsync({ id: g.id, face: face.id })}
          testId="face-grant-revoke"
          okTestId="face-grant-revoke-ok"
        />
      ),
    },
  ];

  const now = hotelNow();
  return (
    <Modal
      open
      width={720}
      title={t('grants.title', { faceId: face.face_id })}
      okText={t('grants.submit')}
      cancelText={t('grants.close')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={grant.isPending}
      okButtonProps={{ 'data-testid': 'face-grant-submit' } as ButtonProps}
      destroyOnHidden
      data-testid="face-grants"
    >
      <Typography.Paragraph type="secondary">{t('grants.bluetooth')}</Typography.Paragraph>
      <Form<GrantForm>
        form={form}
        layout="vertical"
        initialValues={{ room_ids: [], period: [now, now.add(DEFAULT_GRANT_DAYS, 'day')] }}
        onFinish={save}
      >
        <Form.Item
          name="room_ids"
          label={t('grants.rooms')}
          rules={[{ required: true, type: 'array', min: 1, message: t('grants.roomsRequired') }]}
        >
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={rooms.isLoading}
            options={(rooms.data ?? [])
              .filter((r) => (r.room_id ?? r.id) !== face.room_id)
              .map((r) => ({ value: r.room_id ?? r.id, label: r.name }))}
            data-testid="face-grant-rooms"
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('grants.period')}
          rules={[{ required: true, message: t('grants.periodRequired') }]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            data-testid="face-grant-period"
          />
        </Form.Item>
      </Form>
      <Typography.Title level={5}>{t('grants.current')}</Typography.Title>
      {grants.isError ? (
        <Result status="warning" subTitle={t('grants.loadFailed')} data-testid="face-grant-error" />
      ) : (
        <Table<FaceGrant>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={grants.data?.list ?? []}
          loading={grants.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="face-grant-list"
          onRow={(g) => ({ 'data-room': g.room_name }) as object}
          locale={{
            emptyText: grants.isLoading ? (
              ' '
            ) : (
              <Empty description={t('grants.none')} data-testid="face-grant-empty" />
            ),
          }}
        />
      )}
    </Modal>
  );
}
