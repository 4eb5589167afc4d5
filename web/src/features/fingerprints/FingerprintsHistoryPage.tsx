import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Form, Modal, Select, Table, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type Delivery,
  type Fingerprint,
  useDeleteDelivery,
  useDeleteFingerprint,
  useDeliveryList,
  useFingerprintList,
  useSendFingerprint,
} from '../../api/fingerprints.ts';
import { useRoomOptions } from '../../api/locks.ts';
import { useMobile } from '../../app/layout/useMobile.ts';
import { formatHotelTime } from '../../app/time.ts';
import { FingerprintEnrol } from '../../shared/fingerprints/FingerprintEnrol.tsx';
import {
  ConfirmedButton,
  emptyOf,
  KeywordSearch,
  LoadFailed,
  listPagination,
  RoomFilter,
  useListSearch,
} from '../../shared/listParts.tsx';

const DELIVERY_COLORS: Record<string, string> = {
  pending: 'gold',
  delivered: 'green',
  deleting: 'orange',
  deleted: 'default',
};

type Tab = 'library' | 'deliveries';

/** Sends a fingerprint to the lock of a chosen room. */
function SendToLock({ fingerprint, onClose }: { fingerprint: Fingerprint; onClose: () => void }) {
  const { t } = useTranslation('fingerprints');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ room_id?: number }>();
  const rooms = useRoomOptions();
  const send = useSendFingerprint();
  const submit = async ({ room_id }: { room_id?: number }) => {
    if (room_id === undefined) return;
    try {
      const delivery = await send.mutateAsync({ id: fingerprint.id, room_id });
      message.success(t('messages.sent', { room: delivery.room_name }));
      onClose();
    } catch {
      // shown by the request layer
    }
  };
  return (
    <Modal
      open
      title={t('send.title', { fingerId: fingerprint.finger_id })}
      okText={t('actions.send')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={send.isPending}
      destroyOnHidden
      data-testid="finger-send-modal"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ room_id: fingerprint.room_id ?? undefined }}
      >
        <Form.Item
          name="room_id"
          label={t('fields.room')}
          extra={t('send.hint')}
          rules={[{ required: true, message: t('send.pickRoom') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={rooms.isLoading}
            options={(rooms.data ?? []).map((r) => ({ value: r.room_id ?? r.id, label: r.name }))}
            data-testid="finger-send-room"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The fingerprint library (`/room/fingerprintsHistory`): enrolled fingerprints (search, filter by room, enrol one,
 * send one to a lock, delete) and their deliveries to locks (filter by room, withdraw). Filters, tab and page live
 * in the URL.
 */
export default function FingerprintsHistoryPage() {
  const { t } = useTranslation('fingerprints');
  const { search, params, update } = useListSearch();
  // On a phone the row buttons show their icons only (the title names them), so the table keeps its columns.
  const mobile = useMobile();
  const tab: Tab = search.get('tab') === 'deliveries' ? 'deliveries' : 'library';
  const library = useFingerprintList(params);
  const deliveries = useDeliveryList({ room_id: params.room_id, page: params.page, limit: params.limit });
  const removeFingerprint = useDeleteFingerprint();
  const removeDelivery = useDeleteDelivery();
  const [enrolling, setEnrolling] = useState(false);
  const [sending, setSending] = useState<Fingerprint | null>(null);
  const fingerOf = (d: Delivery) =>
    d.finger_id ??
    library.data?.list.find((f) => f.id === d.fingerprint_id)?.finger_id ??
    `#${d.fingerprint_id}`;

  const pagination = (total: number) =>
    listPagination(params, total, (count) => t('list.total', { count }), update);

  const libraryColumns: TableColumnsType<Fingerprint> = [
    { key: 'finger_id', dataIndex: 'finger_id', title: t('fields.fingerId') },
    { key: 'note', dataIndex: 'note', title: t('fields.note') },
    { key: 'room', title: t('fields.room'), render: (_, f) => f.room_name || t('list.noRoom') },
    {
      key: 'created_at',
      title: t('fields.createdAt'),
      responsive: ['md'],
      render: (_, f) => formatHotelTime(f.created_at),
    },
    {
      key: 'actions',
      title: t('actionsColumn'),
      fixed: 'end',
      render: (_, f) => (
        <Flex gap={4} wrap>
          <Button
            title={t('actions.send')}
            size="small"
            icon={<SendOutlined />}
            onClick={() => setSending(f)}
            data-testid="finger-send"
          >
            {mobile ? null : t('actions.send')}
          </Button>
          <ConfirmedButton
            confirm={t('messages.deleteConfirm', { fingerId: f.finger_id })}
            label={t('delete')}
            cancelText={t('cancel')}
            done={t('messages.deleted')}
            onConfirm={() => removeFingerprint.mutateAsync(f.id)}
            testId="finger-delete"
          />
        </Flex>
      ),
    },
  ];

  const deliveryColumns: TableColumnsType<Delivery> = [
    { key: 'finger', title: t('fields.fingerId'), render: (_, d) => fingerOf(d) },
    { key: 'room', dataIndex: 'room_name', title: t('fields.room') },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, d) => (
        <Tag color={DELIVERY_COLORS[d.status] ?? 'default'}>
          {d.status in DELIVERY_COLORS ? t(`status.${d.status}`) : d.status}
        </Tag>
      ),
    },
    {
      key: 'created_at',
      title: t('fields.sentAt'),
      responsive: ['md'],
      render: (_, d) => formatHotelTime(d.created_at),
    },
    {
      key: 'actions',
      title: t('actionsColumn'),
      fixed: 'end',
      render: (_, d) =>
        d.status === 'deleted' ? null : (
          <ConfirmedButton
            confirm={t('messages.withdrawConfirm', { fingerId: fingerOf(d), room: d.room_name })}
            label={t('actions.withdraw')}
            cancelText={t('cancel')}
            done={t('messages.withdrawn')}
            onConfirm={() => removeDelivery.mutateAsync(d.id)}
            testId="delivery-delete"
          />
        ),
    },
  ];

  const failed = (retry: () => void, testId: string) => (
    <LoadFailed title={t('list.loadFailed')} retryText={t('tryAgain')} onRetry={retry} testId={testId} />
  );
  const filtered = Boolean(params.keyword || params.room_id);

  const roomFilter = (
    <RoomFilter
      roomId={params.room_id}
      placeholder={t('placeholders.allRooms')}
      onChange={(room_id) => update({ room_id })}
      testId="finger-room-filter"
    />
  );

  return (
    <Card
      title={t('libraryTitle')}
      data-testid="fingerprints-page"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEnrolling(true)}
          data-testid="finger-enrol-open"
        >
          {t('actions.enrol')}
        </Button>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => update({ tab: key === 'deliveries' ? 'deliveries' : undefined })}
        items={[
          {
            key: 'library',
            label: t('tabs.library'),
            children: (
              <>
                <Flex gap={8} wrap style={{ marginBottom: 16 }}>
                  <KeywordSearch
                    keyword={params.keyword}
                    placeholder={t('placeholders.search')}
                    onSearch={(keyword) => update({ keyword })}
                    testId="finger-search"
                  />
                  {roomFilter}
                </Flex>
                {library.isError ? (
                  failed(() => library.refetch(), 'finger-list-error')
                ) : (
                  <Table<Fingerprint>
                    rowKey="id"
                    size="middle"
                    columns={libraryColumns}
                    dataSource={library.data?.list ?? []}
                    loading={library.isFetching}
                    scroll={{ x: 'max-content' }}
                    data-testid="finger-list"
                    onRow={(f) => ({ 'data-finger-id': f.finger_id }) as object}
                    locale={{
                      emptyText: emptyOf(
                        library.isLoading,
                        filtered ? t('list.emptyFiltered') : t('list.empty'),
                        'finger-list-empty',
                      ),
                    }}
                    pagination={pagination(library.data?.total ?? 0)}
                  />
                )}
              </>
            ),
          },
          {
            key: 'deliveries',
            label: t('tabs.deliveries'),
            children: (
              <>
                <Flex gap={8} wrap style={{ marginBottom: 16 }}>
                  {roomFilter}
                </Flex>
                {deliveries.isError ? (
                  failed(() => deliveries.refetch(), 'delivery-list-error')
                ) : (
                  <Table<Delivery>
                    rowKey="id"
                    size="middle"
                    columns={deliveryColumns}
                    dataSource={deliveries.data?.list ?? []}
                    loading={deliveries.isFetching}
                    scroll={{ x: 'max-content' }}
                    data-testid="delivery-list"
                    onRow={(d) => ({ 'data-delivery-id': d.id, 'data-status': d.status }) as object}
                    locale={{
                      emptyText: emptyOf(
                        deliveries.isLoading,
                        params.room_id ? t('list.emptyFiltered') : t('list.deliveriesEmpty'),
                        'delivery-list-empty',
                      ),
                    }}
                    pagination={pagination(deliveries.data?.total ?? 0)}
                  />
                )}
              </>
            ),
          },
        ]}
      />
      <Modal
        open={enrolling}
        title={t('actions.enrol')}
        footer={null}
        onCancel={() => setEnrolling(false)}
        destroyOnHidden
        width={720}
        data-testid="finger-enrol-modal"
      >
        {/* Closing the box while the encoder waits for a finger cancels the enrolment (FingerprintEnrol unmounts). */}
        <FingerprintEnrol onDone={() => setEnrolling(false)} />
      </Modal>
      {sending && <SendToLock fingerprint={sending} onClose={() => setSending(null)} />}
    </Card>
  );
}
