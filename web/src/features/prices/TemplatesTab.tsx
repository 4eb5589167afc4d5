import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Descriptions,
  Empty,
  Grid,
  Modal,
  Pagination,
  Popconfirm,
  Result,
  Skeleton,
  Space,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PriceTemplate,
  useApplyTemplate,
  useDeleteTemplate,
  useRoomGroups,
  useRoomOptions,
  useSaveTemplate,
  useTemplate,
  useTemplates,
} from '../../api/prices.ts';
import { useListState } from '../../app/listState.ts';
import { formatHotelTime } from '../../app/time.ts';
import { pricesTexts } from '../../i18n/namespaces.ts';
import { PriceForm, type PriceFormInitial } from '../../shared/prices/PriceForm.tsx';
import { canManagePrices, ReadOnlyNote } from '../../shared/prices/ReadOnlyNote.tsx';
import { RoomPicker } from './RoomPicker.tsx';

const PAGE_SIZE = 10;

/** The template list's page, `tpage` beside the price page's own params (each page a history entry). */
const readTemplatePage = (search: URLSearchParams) => ({
  page: Math.max(1, Number(search.get('tpage')) || 1),
});
const writeTemplatePage = ({ page }: { page: number }) => new URLSearchParams({ tpage: String(page) });

/** A test id for props typed without data attributes (antd's button props). */
const testId = (id: string) => ({ 'data-testid': id }) as Record<string, string>;

/** A refused call has already been shown by the request layer; the confirm box just closes. */
export const ignoreShown = (): void => {};

/** The price templates: listed, created, edited, deleted, applied to rooms. Its page lives in `?tpage=`. */
export function TemplatesTab() {
  const { t } = useTranslation(pricesTexts.ns);
  const { message } = App.useApp();
  const list = useListState(readTemplatePage, writeTemplatePage, { push: true, params: ['tpage'] });
  const { page } = list.state;
  const templates = useTemplates(page, PAGE_SIZE);
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<number | 'new' | undefined>();
  const [applying, setApplying] = useState<PriceTemplate | undefined>();
  const phone = !Grid.useBreakpoint().md;
  // Without price.manage the templates are shown, and opened, but not added, edited, applied or deleted.
  const readOnly = !canManagePrices();

  const setPage = (p: number) => list.set({ page: p });

  /** Edit, apply and delete (with its confirmation) for one template, in the table and in the phone list. */
  const actionsOf = (r: PriceTemplate) =>
    readOnly ? (
      <Tooltip title={t('readOnly.view')}>
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={t('readOnly.view')}
          onClick={() => setEditing(r.id)}
          data-testid="template-view"
        />
      </Tooltip>
    ) : (
      <Space wrap size={4}>
        <Tooltip title={t('actions.edit')}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('actions.edit')}
            onClick={() => setEditing(r.id)}
            data-testid="template-edit"
          />
        </Tooltip>
        <Button
          size="small"
          icon={<SendOutlined />}
          onClick={() => setApplying(r)}
          data-testid="template-apply"
        >
          {t('templates.apply')}
        </Button>
        <Popconfirm
          title={t('templates.deleteConfirm', { name: r.name })}
          okText={t('delete')}
          cancelText={t('cancel')}
          okButtonProps={{ danger: true, ...testId('template-delete-ok') }}
          onConfirm={() =>
            remove.mutateAsync(r.id).then(() => {
              void message.success(t('templates.deleted'));
              if ((templates.data?.list.length ?? 0) === 1 && page > 1) setPage(page - 1);
            }, ignoreShown)
          }
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('delete')}
            title={t('delete')}
            data-testid="template-delete"
          />
        </Popconfirm>
      </Space>
    );

  if (templates.isError && !templates.data)
    return (
      <Result
        status="warning"
        title={t('templates.loadFailed')}
        extra={<Button onClick={() => void templates.refetch()}>{t('tryAgain')}</Button>}
      />
    );

  return (
    <div data-testid="templates">
      {readOnly ? <ReadOnlyNote /> : null}
      <Space style={{ marginBottom: 12 }} wrap>
        {readOnly ? null : (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="template-new"
          >
            {t('templates.new')}
          </Button>
        )}
        <Typography.Text type="secondary">{t('templates.hint')}</Typography.Text>
      </Space>
      {phone ? (
        <TemplateCards
          templates={templates.data?.list ?? []}
          loading={templates.isPending}
          actionsOf={actionsOf}
          page={page}
          total={templates.data?.total ?? 0}
          onPage={setPage}
        />
      ) : (
        <Table<PriceTemplate>
          rowKey="id"
          size="middle"
          loading={templates.isFetching}
          dataSource={templates.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: templates.isPending ? (
              <Skeleton active />
            ) : (
              <Empty description={t('templates.empty')} />
            ),
          }}
          onRow={(r) =>
            ({ 'data-testid': 'template-row', 'data-name': r.name }) as React.HTMLAttributes<HTMLElement>
          }
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: templates.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('fields.templateName') },
            { key: 'price', dataIndex: 'price', title: t('fields.price') },
            {
              key: 'weekend',
              dataIndex: 'weekend_price',
              title: t('fields.weekendPrice'),
              render: (v: number) => (Number(v) > 0 ? v : '—'),
            },
            { key: 'deposit', dataIndex: 'deposit', title: t('fields.deposit') },
            {
              key: 'dates',
              title: t('fields.datePrices'),
              render: (_v, r) => r.date_prices.length,
            },
            { key: 'rooms', dataIndex: 'room_count', title: t('templates.rooms') },
            {
              key: 'updated',
              dataIndex: 'updated_at',
              title: t('templates.updated'),
              // Only on wide screens: the actions need the room more.
              responsive: ['xxl'],
              render: (v: number) => formatHotelTime(v),
            },
            {
              key: 'actions',
              title: t('templates.actions'),
              render: (_v, r) => actionsOf(r),
            },
          ]}
        />
      )}
      {editing !== undefined ? (
        <TemplateModal
          id={editing === 'new' ? undefined : editing}
          readOnly={readOnly}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      {applying ? <ApplyModal template={applying} onClose={() => setApplying(undefined)} /> : null}
    </div>
  );
}

/** Creates a template (no id) or edits one; only shows it when `readOnly`. */
function TemplateModal({
  id,
  readOnly,
  onClose,
}: {
  id: number | undefined;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(pricesTexts.ns);
  const { message } = App.useApp();
  const template = useTemplate(id);
  const save = useSaveTemplate();
  const data = template.data;
  const initial = useMemo<PriceFormInitial>(
    () =>
      data
        ? {
            name: data.name,
            deposit: data.deposit,
            price: data.price,
            weekend_price: data.weekend_price,
            date_prices: data.date_prices,
          }
        : { name: '', deposit: 0, date_prices: [] },
    [data],
  );
  return (
    <Modal
      open
      title={readOnly ? t('readOnly.viewTitle') : id === undefined ? t('templates.new') : t('templates.edit')}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      {id !== undefined && template.isPending ? (
        <Skeleton active />
      ) : (
        <PriceForm
          testId="template-form"
          initial={initial}
          renew="none"
          withName
          alwaysSendDates
          readOnly={readOnly}
          saving={save.isPending}
          submitText={t('actions.save')}
          onSubmit={({ name, prices }) =>
            save.mutate(
              { id, name: name ?? '', ...prices },
              {
                onSuccess: () => {
                  void message.success(t('templates.saved'));
                  onClose();
                },
              },
            )
          }
        />
      )}
    </Modal>
  );
}

/** Applies a template to rooms picked among every room in scope. */
function ApplyModal({ template, onClose }: { template: PriceTemplate; onClose: () => void }) {
  const { t } = useTranslation(pricesTexts.ns);
  const { message, modal } = App.useApp();
  const rooms = useRoomOptions();
  const groups = useRoomGroups();
  const apply = useApplyTemplate();
  const [ids, setIds] = useState<number[]>([]);
  const confirm = () =>
    modal.confirm({
      title: t('templates.applyConfirm', { name: template.name, count: ids.length }),
      content: t('templates.applyWarning'),
      okText: t('templates.apply'),
      cancelText: t('cancel'),
      onOk: () =>
        apply.mutateAsync({ id: template.id, roomIds: ids }).then((r) => {
          void message.success(t('templates.applied', { count: r.count }));
          onClose();
        }, ignoreShown),
    });
  return (
    <Modal
      open
      title={t('templates.applyTitle', { name: template.name })}
      onCancel={onClose}
      width={640}
      okText={t('templates.apply')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: ids.length === 0, loading: apply.isPending, ...testId('apply-ok') }}
      onOk={confirm}
      destroyOnHidden
    >
      <RoomPicker
        testId="apply-picker"
        rooms={rooms.data ?? []}
        groups={groups.data ?? []}
        loading={rooms.isPending}
        value={ids}
        onChange={setIds}
      />
    </Modal>
  );
}

/** The templates as cards on a phone: every figure and the actions in view without scrolling sideways. */
function TemplateCards(props: {
  templates: PriceTemplate[];
  loading: boolean;
  actionsOf: (t: PriceTemplate) => ReactNode;
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(pricesTexts.ns);
  if (props.loading) return <Skeleton active />;
  if (props.templates.length === 0) return <Empty description={t('templates.empty')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {props.templates.map((r) => (
        <Card key={r.id} size="small" title={r.name} data-testid="template-row" data-name={r.name}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'price', label: t('fields.price'), children: r.price },
              {
                key: 'weekend',
                label: t('fields.weekendPrice'),
                children: Number(r.weekend_price) > 0 ? r.weekend_price : '—',
              },
              { key: 'deposit', label: t('fields.deposit'), children: r.deposit },
              { key: 'dates', label: t('fields.datePrices'), children: r.date_prices.length },
              { key: 'rooms', label: t('templates.rooms'), children: r.room_count ?? 0 },
            ]}
          />
          {props.actionsOf(r)}
        </Card>
      ))}
      <Pagination
        current={props.page}
        pageSize={PAGE_SIZE}
        total={props.total}
        onChange={props.onPage}
        hideOnSinglePage
        size="small"
      />
    </Space>
  );
}
