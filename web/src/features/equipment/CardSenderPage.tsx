import { ApiOutlined, PlusOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { checkReaderAddress } from '@lockdesk/protocol';
import { App, Button, Card, Empty, Form, Input, Result, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  type Dispenser,
  type DispenserType,
  useAddDispenser,
  useDispenserList,
} from '../../api/equipment.ts';
import { getUserInfo } from '../../api/session.ts';
import { useListState } from '../../app/listState.ts';
import { errorMessage } from '../../i18n/index.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';
import { BrokerCredentialButton } from './BrokerCredentialButton.tsx';
import { DISPENSER_OPTIONS, dispenserModel } from './dispenserTypes.ts';
import { EQUIPMENT_PATHS, readerUrl } from './links.ts';
import { ReaderStatusTag } from './ReaderStatusTag.tsx';

interface AddForm {
  mac_id: string;
  name?: string;
  type: DispenserType;
}

const PAGE_SIZE = 10;

/** The reader list's URL state: the keyword and the page. */
interface ReaderListState {
  keyword: string;
  page: number;
}

function readReaderList(search: URLSearchParams): ReaderListState {
  return { keyword: search.get('keyword') ?? '', page: Math.max(1, Number(search.get('page')) || 1) };
}

function writeReaderList(state: ReaderListState): URLSearchParams {
  const out = new URLSearchParams();
  if (state.keyword) out.set('keyword', state.keyword);
  if (state.page > 1) out.set('page', String(state.page));
  return out;
}

/** Whether the signed-in account is an administrator (super or secondary): only it is offered broker credentials. */
function isAdministrator(): boolean {
  const role = getUserInfo()?.['role'];
  return role === 'super' || role === 'secondary';
}

/** Who a reader is bound to, as a cell shows it. */
export function boundUserText(reader: Dispenser, none: string): string {
  const user = reader.bound_user;
  if (!user) return none;
  return [user.name, user.mobile].filter(Boolean).join(' · ') || String(user.uid);
}

/**
 * /equipmentManagement/cardSender: the hotel's card readers and dispensers — add one by its 12-digit address and
 * type, see each one's status (the last heartbeat a console saw on the broker) and who it is bound to, and go to
 * binding, testing and the broker test; administrators issue a reader's gateway broker credential. Keyword and page
 * live in the URL.
 */
export default function CardSenderPage() {
  const { t } = useTranslation(equipmentTexts.ns);
  const { message } = App.useApp();
  const [form] = Form.useForm<AddForm>();
  const readers = useListState(readReaderList, writeReaderList);
  const { keyword, page } = readers.state;
  const list = useDispenserList({ keyword: keyword || undefined, page, limit: PAGE_SIZE });
  const add = useAddDispenser();
  // Issuing a gateway's broker credential is for administrators (the server checks it too).
  const admin = isAdministrator();

  const submit = async (values: AddForm) => {
    try {
      const added = await add.mutateAsync(values);
      message.success(t('sender.added', { mac: added?.mac_id ?? values.mac_id.trim() }));
      form.resetFields();
    } catch {
      // The request layer has shown the refusal; the form keeps what was typed.
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('sender.addTitle')} size="small">
        <Form<AddForm>
          form={form}
          layout="inline"
          initialValues={{ type: '1' }}
          onFinish={submit}
          data-testid="add-reader-form"
          style={{ rowGap: 8 }}
        >
          <Form.Item
            name="mac_id"
            label={t('fields.address')}
            rules={[
              {
                validator: async (_r, value: string | undefined) => {
                  const code = checkReaderAddress(value?.trim());
                  if (code) throw new Error(errorMessage(code));
                },
              },
            ]}
          >
            <Input
              placeholder={t('fields.addressHint')}
              maxLength={12}
              inputMode="numeric"
              dir="ltr"
              style={{ width: 180 }}
              data-testid="reader-address"
            />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('fields.name')}
            rules={[{ max: 32, message: t('fields.nameTooLong') }]}
          >
            <Input style={{ width: 180 }} data-testid="reader-name" />
          </Form.Item>
          <Form.Item name="type" label={t('fields.type')}>
            <Select options={DISPENSER_OPTIONS} style={{ width: 140 }} data-testid="reader-type" />
          </Form.Item>
          <Form.Item>
            <Button
              type="primary"
              htmlType="submit"
              icon={<PlusOutlined />}
              loading={add.isPending}
              data-testid="add-reader"
            >
              {t('sender.add')}
            </Button>
          </Form.Item>
        </Form>
      </Card>
      <Card
        title={t('sender.listTitle')}
        extra={
          <Space wrap>
            <Link to={EQUIPMENT_PATHS.readers}>{t('links.readers')}</Link>
            <Link to={EQUIPMENT_PATHS.mqtt}>{t('links.mqtt')}</Link>
          </Space>
        }
      >
        <Input.Search
          allowClear
          key={keyword}
          defaultValue={keyword}
          placeholder={t('sender.search')}
          onSearch={(value) => readers.change({ keyword: value.trim() })}
          style={{ width: 280, marginBottom: 16 }}
          data-testid="reader-search"
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
            dataSource={list.data?.list ?? []}
            locale={{ emptyText: <Empty description={t('sender.empty')} /> }}
            scroll={{ x: true }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: list.data?.total ?? 0,
              showSizeChanger: false,
              onChange: (p) => readers.set({ page: p }),
            }}
            data-testid="reader-table"
            columns={[
              {
                title: t('fields.address'),
                dataIndex: 'mac_id',
                render: (mac: string) => <span dir="ltr">{mac}</span>,
              },
              { title: t('fields.name'), dataIndex: 'name', render: (name: string) => name || '—' },
              {
                title: t('fields.type'),
                dataIndex: 'type',
                render: (type: string) => <Tag>{dispenserModel(type)}</Tag>,
              },
              {
                title: t('fields.status'),
                key: 'status',
                render: (_v, reader) => <ReaderStatusTag macId={reader.mac_id} />,
              },
              {
                title: t('fields.boundUser'),
                key: 'bound',
                render: (_v, reader) => (
                  <span data-testid={`bound-${reader.mac_id}`}>
                    {boundUserText(reader, t('bind.nobody'))}
                  </span>
                ),
              },
              {
                title: t('fields.actions'),
                key: 'actions',
                render: (_v, reader) => (
                  <Space wrap>
                    <Link
                      to={readerUrl(EQUIPMENT_PATHS.bind, reader.mac_id)}
                      data-testid={`bind-${reader.mac_id}`}
                    >
                      <Button size="small" icon={<UserSwitchOutlined />}>
                        {t('sender.bind')}
                      </Button>
                    </Link>
                    <Link to={readerUrl(EQUIPMENT_PATHS.test, reader.mac_id)}>
                      <Button size="small" icon={<ApiOutlined />}>
                        {t('sender.test')}
                      </Button>
                    </Link>
                    {admin ? <BrokerCredentialButton macId={reader.mac_id} /> : null}
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
