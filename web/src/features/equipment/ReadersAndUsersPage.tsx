import { UserSwitchOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Result, Segmented, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { type Dispenser, useDispenserList } from '../../api/equipment.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';
import { dispenserModel } from './dispenserTypes.ts';
import { EQUIPMENT_PATHS, readerUrl } from './links.ts';
import { MyReaderPanel } from './MyReaderPanel.tsx';
import { ReaderStatusTag } from './ReaderStatusTag.tsx';

type Show = 'all' | 'bound' | 'unbound';

/** The readers a filter shows. */
export function filterReaders(readers: readonly Dispenser[], show: Show): Dispenser[] {
  if (show === 'all') return [...readers];
  return readers.filter((r) => (show === 'bound' ? r.bound_user !== null : r.bound_user === null));
}

/**
 * /center/cardReaderAndUserList: the hotel's readers and the staff member or administrator each one is bound to,
 * with the operator's own reader and dispenser type above. The filter lives in the URL.
 */
export default function ReadersAndUsersPage() {
  const { t } = useTranslation(equipmentTexts.ns);
  const [params, setParams] = useSearchParams();
  const raw = params.get('show');
  const show: Show = raw === 'bound' || raw === 'unbound' ? raw : 'all';
  const list = useDispenserList({ page: 1, limit: 100 });
  const rows = filterReaders(list.data?.list ?? [], show);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <MyReaderPanel />
      <Card
        title={t('readers.title')}
        extra={
          <Link to={EQUIPMENT_PATHS.bind}>
            <Button type="primary" icon={<UserSwitchOutlined />}>
              {t('readers.bind')}
            </Button>
          </Link>
        }
        data-testid="readers-and-users"
      >
        <Segmented<Show>
          style={{ marginBottom: 16 }}
          value={show}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            if (value === 'all') next.delete('show');
            else next.set('show', value);
            setParams(next, { replace: true });
          }}
          options={[
            { value: 'all', label: t('readers.showAll') },
            { value: 'bound', label: t('readers.showBound') },
            { value: 'unbound', label: t('readers.showUnbound') },
          ]}
        />
        {list.isError ? (
          <Result
            status="warning"
            title={t('sender.loadFailed')}
            extra={<Button onClick={() => list.refetch()}>{t('tryAgain')}</Button>}
          />
        ) : (
          <Table<Dispenser>
            rowKey="mac_id"
            loading={list.isPending}
            dataSource={rows}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{ emptyText: <Empty description={t('sender.empty')} /> }}
            scroll={{ x: true }}
            columns={[
              {
                title: t('fields.address'),
                dataIndex: 'mac_id',
                render: (mac: string) => <span dir="ltr">{mac}</span>,
              },
              { title: t('fields.name'), dataIndex: 'name', render: (name: string) => name || '—' },
              { title: t('fields.type'), dataIndex: 'type', render: (type: string) => dispenserModel(type) },
              {
                title: t('fields.status'),
                key: 'status',
                render: (_v, reader) => <ReaderStatusTag macId={reader.mac_id} />,
              },
              {
                title: t('readers.user'),
                key: 'user',
                render: (_v, reader) =>
                  reader.bound_user ? (
                    <Space size={4} wrap>
                      <Tag color="blue">{reader.bound_user.name || reader.bound_user.uid}</Tag>
                      <span dir="ltr">{reader.bound_user.mobile}</span>
                    </Space>
                  ) : (
                    <Tag>{t('bind.nobody')}</Tag>
                  ),
              },
              {
                title: t('fields.actions'),
                key: 'actions',
                render: (_v, reader) => (
                  <Space wrap>
                    <Link to={readerUrl(EQUIPMENT_PATHS.bind, reader.mac_id)}>{t('sender.bind')}</Link>
                    <Link to={readerUrl(EQUIPMENT_PATHS.rooms, reader.mac_id)}>{t('readers.issue')}</Link>
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
    </Space>
  );
}
