import { EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { checkFaceNote } from '@lockdesk/protocol';
import { App, Button, Card, Flex, Form, Image, Input, Modal, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type Face,
  useDeleteFace,
  useFaceList,
  useUpdateFaceNote,
  useUpdateLockFaceNote,
} from '../../api/faces.ts';
import { useMobile } from '../../app/layout/useMobile.ts';
import { PATHS } from '../../app/paths.ts';
import { formatHotelTime } from '../../app/time.ts';
import {
  ConfirmedButton,
  emptyOf,
  KeywordSearch,
  LoadFailed,
  listPagination,
  RoomFilter,
  useListSearch,
} from '../../shared/listParts.tsx';
import { ruleOf } from '../../shared/rules.ts';
import { FaceGrantsDialog } from './FaceGrants.tsx';

interface NotesForm {
  note: string;
  lock_note: string;
}

/** Edits a face's note and the note its lock shows; only what changed is sent. */
function EditNotes({ face, onClose }: { face: Face; onClose: () => void }) {
  const { t } = useTranslation('faces');
  const { message } = App.useApp();
  const [form] = Form.useForm<NotesForm>();
  const note = useUpdateFaceNote();
  const lockNote = useUpdateLockFaceNote();
  const save = async (values: NotesForm) => {
    try {
      if (values.note.trim() !== face.note) await note.mutateAsync({ id: face.id, note: values.note });
      if ((values.lock_note ?? '').trim() !== face.lock_note)
        await lockNote.mutateAsync({ id: face.id, lock_note: values.lock_note ?? '' });
      message.success(t('messages.updated'));
      onClose();
    } catch {
      // shown by the request layer
    }
  };
  return (
    <Modal
      open
      title={t('edit.title', { faceId: face.face_id })}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={note.isPending || lockNote.isPending}
      destroyOnHidden
      data-testid="face-edit"
    >
      <Form<NotesForm>
        form={form}
        layout="vertical"
        initialValues={{ note: face.note, lock_note: face.lock_note }}
        onFinish={save}
      >
        <Form.Item name="note" label={t('fields.note')} required rules={[ruleOf(checkFaceNote)]}>
          <Input maxLength={64} data-testid="face-edit-note" />
        </Form.Item>
        <Form.Item name="lock_note" label={t('fields.lockNote')} extra={t('hints.lockNote')}>
          <Input maxLength={64} data-testid="face-edit-lock-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The face library (`/room/faceHistory`): search by face id or note, filter by room, paged on the server; a
 * thumbnail per face; edit the notes; grant it to more locks for a period (FaceGrants.tsx); delete with a confirm.
 */
export default function FaceHistoryPage() {
  const { t } = useTranslation('faces');
  const { params, update } = useListSearch();
  // On a phone the row buttons show their icons only (the title names them), so the table keeps its columns.
  const mobile = useMobile();
  const faces = useFaceList(params);
  const remove = useDeleteFace();
  const [editing, setEditing] = useState<Face | null>(null);
  const [granting, setGranting] = useState<Face | null>(null);

  const columns: TableColumnsType<Face> = [
    {
      key: 'image',
      title: t('fields.image'),
      width: 84,
      render: (_, face) =>
        face.image ? (
          <Image
            src={face.image}
            alt={face.note}
            width={56}
            height={56}
            style={{ objectFit: 'cover', borderRadius: 6 }}
            data-testid="face-thumbnail"
          />
        ) : null,
    },
    { key: 'face_id', dataIndex: 'face_id', title: t('fields.faceId') },
    { key: 'note', dataIndex: 'note', title: t('fields.note') },
    { key: 'lock_note', dataIndex: 'lock_note', title: t('fields.lockNote'), responsive: ['md'] },
    {
      key: 'room',
      title: t('fields.room'),
      render: (_, face) => face.room_name || t('list.noRoom'),
    },
    {
      key: 'created_at',
      title: t('fields.createdAt'),
      responsive: ['lg'],
      render: (_, face) => formatHotelTime(face.created_at),
    },
    {
      key: 'actions',
      title: t('actionsColumn'),
      // Kept in view when a narrow screen scrolls the table sideways (the end follows the reading direction).
      fixed: 'end',
      render: (_, face) => (
        <Flex gap={4} wrap>
          <Button
            title={t('actions.edit')}
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(face)}
            data-testid="face-edit-open"
          >
            {mobile ? null : t('actions.edit')}
          </Button>
          <Button
            title={t('grants.open')}
            size="small"
            icon={<KeyOutlined />}
            onClick={() => setGranting(face)}
            data-testid="face-grant-open"
          >
            {mobile ? null : t('grants.open')}
          </Button>
          <ConfirmedButton
            confirm={t('messages.deleteConfirm', { faceId: face.face_id })}
            label={t('delete')}
            cancelText={t('cancel')}
            done={t('messages.deleted')}
            onConfirm={() => remove.mutateAsync(face.id)}
            testId="face-delete"
            okTestId="face-delete-ok"
          />
        </Flex>
      ),
    },
  ];

  const filtered = Boolean(params.keyword || params.room_id);
  const body = faces.isError ? (
    <LoadFailed
      title={t('list.loadFailed')}
      retryText={t('tryAgain')}
      onRetry={() => faces.refetch()}
      testId="face-list-error"
    />
  ) : (
    <Table<Face>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={faces.data?.list ?? []}
      loading={faces.isFetching}
      scroll={{ x: 'max-content' }}
      data-testid="face-list"
      onRow={(face) => ({ 'data-face-id': face.face_id }) as object}
      locale={{
        emptyText: emptyOf(
          faces.isLoading,
          filtered ? t('list.emptyFiltered') : t('list.empty'),
          'face-list-empty',
        ),
      }}
      pagination={listPagination(
        params,
        faces.data?.total ?? 0,
        (count) => t('list.total', { count }),
        update,
      )}
    />
  );

  return (
    <Card
      title={t('libraryTitle')}
      data-testid="face-history-page"
      extra={
        <Link to={PATHS.buildFace}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="face-create">
            {t('actions.create')}
          </Button>
        </Link>
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <KeywordSearch
          keyword={params.keyword}
          placeholder={t('placeholders.search')}
          onSearch={(keyword) => update({ keyword })}
          testId="face-search"
        />
        <RoomFilter
          roomId={params.room_id}
          placeholder={t('placeholders.allRooms')}
          onChange={(room_id) => update({ room_id })}
          testId="face-room-filter"
        />
      </Flex>
      {body}
      {editing && <EditNotes face={editing} onClose={() => setEditing(null)} />}
      {granting && <FaceGrantsDialog face={granting} onClose={() => setGranting(null)} />}
    </Card>
  );
}
