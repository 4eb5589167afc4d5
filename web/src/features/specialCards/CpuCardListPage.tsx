import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, Modal, Select, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMobile } from '../../app/layout/useMobile.ts';
import { PATHS } from '../../app/paths.ts';
import { formatHotelTime } from '../../app/time.ts';
import {
  ConfirmedButton,
  emptyOf,
  KeywordSearch,
  listPagination,
  useListSearch,
} from '../../shared/listParts.tsx';
import { type CpuCard, useCpuCardList, useDeleteCpuCard, useDispensers, useSendCpuCard } from './api.ts';
import { canManageCards } from './kinds.ts';
import { ListOrFailure } from './listParts.tsx';
import { dispenseCard, dispenserFailureText } from './writer.tsx';

/** Whether a CPU card can be sent to a dispenser: not once delivered, not past its expiry (server/API.md §9.3). */
export function canSendCpuCard(card: Pick<CpuCard, 'status' | 'expired'>): boolean {
  return card.status !== 'delivered' && card.status !== 'deleted' && !card.expired;
}

/** Sends a CPU card through one of the hotel's card dispensers (lockCardCpu/sendCard). */
function SendModal({ card, onClose }: { card: CpuCard; onClose: () => void }) {
  const { t } = useTranslation('specialCards');
  const { message } = App.useApp();
  const dispensers = useDispensers();
  const send = useSendCpuCard();
  const [macId, setMacId] = useState<string | undefined>(undefined);
  const [dispensing, setDispensing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const options = (dispensers.data ?? []).map((d) => ({
    value: d.mac_id,
    label: d.name ? `${d.name} (${d.mac_id})` : d.mac_id,
  }));
  return (
    <Modal
      open
      title={`${t('actions.send')} · ${card.serial}`}
      okText={t('actions.send')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !macId, ...({ 'data-testid': 'cpu-send-ok' } as object) }}
      confirmLoading={send.isPending || dispensing}
      onCancel={onClose}
      onOk={async () => {
        if (!macId) return;
        setFailure(null);
        try {
          await send.mutateAsync({ id: card.id, mac_id: macId });
        } catch {
          return; // the request layer said why
        }
        setDispensing(true);
        try {
          await dispenseCard(macId);
          await send.mutateAsync({ id: card.id, mac_id: macId, result: 'delivered' });
          message.success(t('messages.cpuSent', { serial: card.serial }));
          onClose();
        } catch (e) {
          setFailure(dispenserFailureText(e));
          await send.mutateAsync({ id: card.id, mac_id: macId, result: 'failed' }).catch(() => {});
        } finally {
          setDispensing(false);
        }
      }}
      destroyOnHidden
      data-testid="cpu-send"
    >
      <p>{t('hints.cpuSend')}</p>
      {dispensers.isSuccess && options.length === 0 ? (
        <p data-testid="cpu-no-dispensers">{t('messages.noDispensers')}</p>
      ) : (
        <Select
          value={macId}
          placeholder={t('placeholders.dispenser')}
          loading={dispensers.isLoading}
          options={options}
          onChange={setMacId}
          style={{ width: '100%' }}
          data-testid="cpu-dispenser"
        />
      )}
      {dispensing ? (
        <Alert type="info" showIcon style={{ marginTop: 12 }} title={t('messages.cpuDispensing')} />
      ) : null}
      {failure ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title={t('messages.cpuDispenseFailed')}
          description={failure}
          data-testid="cpu-send-error"
        />
      ) : null}
    </Modal>
  );
}

/**
 * The hotel's CPU cards (`/card/cpuCard`, shown in the menu for card-dispenser type "4"): serial, room, expiry,
 * status; send one through a dispenser, delete; keyword and page in the URL.
 */
export default function CpuCardListPage() {
  const { t } = useTranslation('specialCards');
  const { params, update } = useListSearch();
  const mobile = useMobile();
  const cards = useCpuCardList({ keyword: params.keyword, page: params.page, limit: params.limit });
  const remove = useDeleteCpuCard();
  const [sending, setSending] = useState<CpuCard | null>(null);
  const manage = canManageCards();

  const columns: TableColumnsType<CpuCard> = [
    { key: 'serial', dataIndex: 'serial', title: t('fields.serial') },
    { key: 'room', title: t('fields.room'), render: (_, c) => c.room_name || t('values.noRoom') },
    { key: 'note', dataIndex: 'note', title: t('fields.note'), responsive: ['md'] },
    { key: 'end', title: t('fields.expiry'), render: (_, c) => formatHotelTime(c.end_time) },
    {
      key: 'status',
      title: t('fields.status'),
      render: (_, c) => (
        <Flex gap={4} wrap>
          <Tag data-testid="cpu-status" data-status={c.status}>
            {t(`cpuStatus.${c.status}`, { defaultValue: c.status })}
          </Tag>
          {c.expired ? (
            <Tag color="red" data-testid="cpu-expired">
              {t('values.expired')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
    ...(manage
      ? [
          {
            key: 'actions',
            title: t('actionsColumn'),
            fixed: 'end' as const,
            render: (_: unknown, c: CpuCard) => (
              <Flex gap={4} wrap>
                <Button
                  size="small"
                  title={t('actions.send')}
                  icon={<SendOutlined />}
                  onClick={() => setSending(c)}
                  disabled={!canSendCpuCard(c)}
                  data-testid="cpu-send-open"
                >
                  {mobile ? null : t('actions.send')}
                </Button>
                <ConfirmedButton
                  confirm={t('messages.cpuDeleteConfirm', { serial: c.serial })}
                  label={t('delete')}
                  cancelText={t('cancel')}
                  done={t('messages.cpuDeleted', { serial: c.serial })}
                  onConfirm={() => remove.mutateAsync(c.id)}
                  testId="cpu-delete"
                  okTestId="cpu-delete-ok"
                />
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      title={t('titles.cpu')}
      data-testid="cpu-cards-page"
      extra={
        manage ? (
          <Link to={PATHS.addCpuCard}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="cpu-add">
              {t('actions.addCpu')}
            </Button>
          </Link>
        ) : null
      }
    >
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        <KeywordSearch
          keyword={params.keyword}
          placeholder={t('placeholders.search')}
          onSearch={(keyword) => update({ keyword })}
          testId="cpu-search"
        />
      </Flex>
      <ListOrFailure query={cards}>
        <Table<CpuCard>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={cards.data?.list ?? []}
          loading={cards.isFetching}
          scroll={{ x: 'max-content' }}
          data-testid="cpu-list"
          onRow={(c) => ({ 'data-serial': c.serial }) as object}
          locale={{
            emptyText: emptyOf(
              cards.isLoading,
              params.keyword ? t('list.emptyFiltered') : t('list.empty'),
              'card-list-empty',
            ),
          }}
          pagination={listPagination(
            params,
            cards.data?.total ?? 0,
            (count) => t('list.total', { count }),
            update,
          )}
        />
      </ListOrFailure>
      {sending ? <SendModal card={sending} onClose={() => setSending(null)} /> : null}
    </Card>
  );
}
