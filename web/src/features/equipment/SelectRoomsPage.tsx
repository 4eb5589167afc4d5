import { CreditCardOutlined, StopOutlined } from '@ant-design/icons';
import { ROOM_STATUS } from '@lockdesk/protocol';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Input,
  Result,
  Select,
  Space,
  Steps,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useDispenserList, useMyReader } from '../../api/equipment.ts';
import { type LockRoom, lockRoomsQuery } from '../../api/locks.ts';
import { cardErrorText } from '../../cardService/messages.ts';
import { remoteReaderFor } from '../../cardService/service.ts';
import type { CardReader, WriteProgress } from '../../cardService/types.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';
import { EQUIPMENT_PATHS } from './links.ts';
import { ISSUE_DEPS, type IssueDeps, type IssueResult, issueRoomCard } from './remoteIssue.ts';

const STEPS = ['connect', 'findCard', 'allocate', 'write', 'verify', 'confirm', 'done'] as const;

/** The rooms the list shows: by name, and only occupied ones when asked. */
export function filterRooms(rooms: readonly LockRoom[], keyword: string, occupiedOnly: boolean): LockRoom[] {
  const needle = keyword.trim().toLowerCase();
  return rooms.filter(
    (r) =>
      (!occupiedOnly || r.status === ROOM_STATUS.checkedIn) &&
      (!needle || r.name.toLowerCase().includes(needle)),
  );
}

/** The chosen room ids kept in the URL (`rooms=3,7`). */
export function roomsOf(value: string | null): number[] {
  if (!value) return [];
  return [...new Set(value.split(',').map(Number))].filter((n) => Number.isInteger(n) && n > 0);
}

export interface SelectRoomsProps {
  /** The reader for a device id (the remote reader over the broker); tests pass a fake. */
  readerFor?: (deviceId: string) => CardReader;
  deps?: IssueDeps;
}

const remoteReader = (deviceId: string): CardReader => remoteReaderFor(deviceId);

/**
 * /center/selectRoomList: choose rooms, then issue their guests' cards one after the other through a remote
 * reader (the one bound to the operator, or `?mac_id=`): for each room, put a blank card on the reader and write
 * it; the card of the room's current stay is written, read back and only then recorded. The choice, the keyword
 * and the 'occupied only' filter live in the URL.
 */
export default function SelectRoomsPage({ readerFor = remoteReader, deps = ISSUE_DEPS }: SelectRoomsProps) {
  const { t } = useTranslation(equipmentTexts.ns);
  const [params, setParams] = useSearchParams();
  const rooms = useQuery(lockRoomsQuery);
  const mine = useMyReader();
  const readers = useDispenserList({ page: 1, limit: 100 });
  const keyword = params.get('keyword') ?? '';
  const occupiedOnly = params.get('all') !== '1';
  const chosen = roomsOf(params.get('rooms'));
  const deviceId = params.get('mac_id') || mine.data?.mac_id || '';
  const [unsubscribeOld, setUnsubscribeOld] = useState(false);
  // The issuing run: the rooms in order, where it is, what each gave.
  const [queue, setQueue] = useState<LockRoom[] | null>(null);
  const [index, setIndex] = useState(0);
  const [results, setResults] = useState<IssueResult[]>([]);
  const [writing, setWriting] = useState(false);
  const [progress, setProgress] = useState<WriteProgress | null>(null);
  const reader = useRef<CardReader | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      running.current?.abort();
      reader.current?.close();
    },
    [],
  );

  const all = rooms.data?.list ?? [];
  const shown = useMemo(() => filterRooms(all, keyword, occupiedOnly), [all, keyword, occupiedOnly]);
  const byId = useMemo(() => new Map(all.map((r) => [r.room_id, r])), [all]);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const begin = () => {
    const list = chosen.map((id) => byId.get(id)).filter((r): r is LockRoom => !!r);
    if (!deviceId || list.length === 0) return;
    reader.current?.close();
    reader.current = readerFor(deviceId);
    setResults([]);
    setIndex(0);
    setProgress(null);
    setQueue(list);
  };

  const record = (result: IssueResult) => {
    setResults((r) => [...r, result]);
    setIndex((i) => i + 1);
    setProgress(null);
  };

  const writeCurrent = async () => {
    const room = queue?.[index];
    if (!room || !reader.current) return;
    const controller = new AbortController();
    running.current = controller;
    setWriting(true);
    try {
      record(
        await issueRoomCard(
          reader.current,
          room.room_id,
          { unsubscribeOld, signal: controller.signal, onStep: setProgress },
          deps,
        ),
      );
    } catch (error) {
      record({ room_id: room.room_id, outcome: 'failed', error });
    } finally {
      running.current = null;
      setWriting(false);
    }
  };

  const stop = () => {
    running.current?.abort();
    reader.current?.close();
    reader.current = null;
    setQueue(null);
  };

  const current = queue?.[index];
  const finished = queue !== null && index >= queue.length;
  const nameOf = (id: number) => byId.get(id)?.name ?? String(id);
  const issuedCount = results.filter((r) => r.outcome === 'issued').length;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('rooms.title')} data-testid="select-rooms">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <span>{t('rooms.reader')}:</span>
            <Select
              style={{ width: 260 }}
              value={deviceId || undefined}
              placeholder={t('rooms.pickReader')}
              disabled={queue !== null}
              loading={readers.isPending}
              onChange={(value: string) => setParam('mac_id', value)}
              options={(readers.data?.list ?? []).map((r) => ({
                value: r.mac_id,
                label: r.name ? `${r.mac_id} · ${r.name}` : r.mac_id,
              }))}
              data-testid="issue-reader"
            />
            <Link to={EQUIPMENT_PATHS.bind}>{t('readers.bind')}</Link>
          </Space>
          {!deviceId ? <Alert type="info" showIcon title={t('rooms.noReader')} /> : null}
          <Space wrap>
            <Input.Search
              allowClear
              key={keyword}
              defaultValue={keyword}
              placeholder={t('rooms.search')}
              onSearch={(value) => setParam('keyword', value.trim())}
              style={{ width: 240 }}
              data-testid="rooms-search"
            />
            <Checkbox checked={occupiedOnly} onChange={(e) => setParam('all', e.target.checked ? '' : '1')}>
              {t('rooms.checkedInOnly')}
            </Checkbox>
            <Typography.Text data-testid="rooms-selected">
              {t('rooms.selected', { selected: chosen.length, total: all.length })}
            </Typography.Text>
            <Button
              size="small"
              onClick={() => setParam('rooms', '')}
              disabled={chosen.length === 0 || queue !== null}
            >
              {t('rooms.clear')}
            </Button>
          </Space>
          {rooms.isError ? (
            <Result
              status="warning"
              title={t('rooms.loadFailed')}
              extra={<Button onClick={() => rooms.refetch()}>{t('tryAgain')}</Button>}
            />
          ) : (
            <Table<LockRoom>
              size="small"
              rowKey="room_id"
              loading={rooms.isPending}
              dataSource={shown}
              pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: <Empty description={t('rooms.empty')} /> }}
              rowSelection={{
                selectedRowKeys: chosen,
                preserveSelectedRowKeys: true,
                getCheckboxProps: () => ({ disabled: queue !== null }),
                onChange: (keys) => setParam('rooms', keys.map(String).join(',')),
              }}
              data-testid="rooms-table"
              columns={[
                { title: t('rooms.room'), dataIndex: 'name' },
                { title: t('rooms.building'), dataIndex: 'building', render: (v: number | null) => v ?? '—' },
                { title: t('rooms.floor'), dataIndex: 'floor', render: (v: number | null) => v ?? '—' },
                {
                  title: t('rooms.roomStatus'),
                  dataIndex: 'status',
                  render: (status: number) =>
                    status === ROOM_STATUS.checkedIn ? (
                      <Tag color="blue">{t('rooms.occupied')}</Tag>
                    ) : (
                      <Tag>{t('rooms.free')}</Tag>
                    ),
                },
              ]}
            />
          )}
          <Checkbox
            checked={unsubscribeOld}
            onChange={(e) => setUnsubscribeOld(e.target.checked)}
            disabled={queue !== null}
          >
            {t('rooms.unsubscribeOld')}
          </Checkbox>
          <Button
            type="primary"
            icon={<CreditCardOutlined />}
            disabled={!deviceId || chosen.length === 0 || (queue !== null && !finished)}
            onClick={begin}
            data-testid="issue-start"
          >
            {t('rooms.issue')}
          </Button>
        </Space>
      </Card>
      {queue !== null ? (
        <Card
          size="small"
          title={current ? t('rooms.issueRoom', { room: current.name }) : t('rooms.result')}
          extra={
            current ? (
              <Typography.Text>
                {t('rooms.progress', { done: index + 1, total: queue.length })}
              </Typography.Text>
            ) : null
          }
          data-testid="issue-run"
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            {current ? (
              <>
                <Alert
                  type="info"
                  showIcon
                  title={t('rooms.placeCard', { mac: deviceId, room: current.name })}
                />
                {progress ? (
                  <Steps
                    size="small"
                    current={STEPS.indexOf(progress.step)}
                    items={STEPS.map((s) => ({ title: t(`steps.${s}`) }))}
                  />
                ) : null}
                <Space wrap>
                  <Button type="primary" onClick={writeCurrent} loading={writing} data-testid="issue-write">
                    {t('rooms.write')}
                  </Button>
                  <Button
                    disabled={writing}
                    onClick={() => record({ room_id: current.room_id, outcome: 'skipped' })}
                    data-testid="issue-skip"
                  >
                    {t('rooms.skip')}
                  </Button>
                  <Button danger icon={<StopOutlined />} onClick={stop} data-testid="issue-stop">
                    {t('rooms.stop')}
                  </Button>
                </Space>
              </>
            ) : (
              <Alert
                type={issuedCount === queue.length ? 'success' : 'warning'}
                showIcon
                title={t('rooms.finished', { issued: issuedCount, missed: queue.length - issuedCount })}
                data-testid="issue-finished"
              />
            )}
            {results.map((r) => (
              <Typography.Paragraph
                key={r.room_id}
                style={{ marginBottom: 0 }}
                data-testid={`issue-result-${r.room_id}`}
              >
                {r.outcome === 'issued' ? (
                  <Tag color="green">{t('rooms.resultIssued')}</Tag>
                ) : r.outcome === 'skipped' ? (
                  <Tag>{t('rooms.resultSkipped')}</Tag>
                ) : (
                  <Tag color="red">{t('rooms.resultFailed')}</Tag>
                )}
                {r.outcome === 'issued'
                  ? t('rooms.issued', { card: r.card_id, room: nameOf(r.room_id) })
                  : r.outcome === 'noStay'
                    ? t('rooms.noStay', { room: nameOf(r.room_id) })
                    : r.outcome === 'skipped'
                      ? t('rooms.skipped', { room: nameOf(r.room_id) })
                      : t('rooms.failed', {
                          room: nameOf(r.room_id),
                          reason: cardErrorText(r.error),
                        })}
              </Typography.Paragraph>
            ))}
          </Space>
        </Card>
      ) : null}
    </Space>
  );
}
