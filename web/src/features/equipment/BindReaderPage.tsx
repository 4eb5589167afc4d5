import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Popconfirm, Select, Space, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useBindReader, useDispenserList, useStaff } from '../../api/equipment.ts';
import { getUserInfo } from '../../api/session.ts';
import { equipmentTexts } from '../../i18n/namespaces.ts';
import { boundUserText } from './CardSenderPage.tsx';
import { MyReaderPanel } from './MyReaderPanel.tsx';

interface BindForm {
  mac_id?: string;
  user_id?: number;
}

/** The people a reader may be bound to: the operator, then staff, then (for the super administrator) secondary
 * administrators. */
export function bindChoices(
  me: { uid: number; label: string } | null,
  staff: readonly { id: number; name: string; nickname: string; mobile: string }[],
  secondary: readonly { id: number; name: string; nickname: string; mobile: string }[],
  labels: { me: string; staff: string; secondary: string },
) {
  const person = (p: { id: number; name: string; nickname: string; mobile: string }) => ({
    value: p.id,
    label: [p.name || p.nickname, p.mobile].filter(Boolean).join(' · ') || String(p.id),
  });
  const groups: { label: string; options: { value: number; label: string }[] }[] = [];
  if (me) groups.push({ label: labels.me, options: [{ value: me.uid, label: me.label }] });
  const seen = new Set<number>(me ? [me.uid] : []);
  const fresh = (list: readonly { id: number; name: string; nickname: string; mobile: string }[]) =>
    list.filter((p) => !seen.has(p.id) && seen.add(p.id)).map(person);
  const staffOptions = fresh(staff);
  if (staffOptions.length) groups.push({ label: labels.staff, options: staffOptions });
  const secondaryOptions = fresh(secondary);
  if (secondaryOptions.length) groups.push({ label: labels.secondary, options: secondaryOptions });
  return groups;
}

/**
 * /center/bindCardReaderToUser: binds one of the hotel's readers to a staff member or administrator, or unbinds
 * it. Binding it to oneself makes it this console's remote reader (`cardSenderID`). `?mac_id=` preselects a
 * reader.
 */
export default function BindReaderPage() {
  const { t } = useTranslation(equipmentTexts.ns);
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [form] = Form.useForm<BindForm>();
  const readers = useDispenserList({ page: 1, limit: 100 });
  const user = getUserInfo();
  const isSuper = user?.['role'] === 'super';
  const staff = useStaff('staff');
  const secondary = useStaff('secondary', isSuper);
  const bind = useBindReader();
  const macId = Form.useWatch('mac_id', form);
  const current = readers.data?.list.find((r) => r.mac_id === macId);

  useEffect(() => {
    const wanted = params.get('mac_id');
    if (wanted && !form.getFieldValue('mac_id')) form.setFieldValue('mac_id', wanted);
  }, [params, form]);

  const me = useMemo(() => {
    const uid = Number(user?.uid);
    if (!user || !Number.isFinite(uid) || uid <= 0) return null;
    const name = String(user.name || user.nickname || user.mobile || uid);
    return { uid, label: t('bind.myself', { name }) };
  }, [user, t]);

  const choices = bindChoices(me, staff.data?.list ?? [], secondary.data?.list ?? [], {
    me: t('bind.groupMe'),
    staff: t('bind.groupStaff'),
    secondary: t('bind.groupSecondary'),
  });

  const run = async (mac: string, userId: number) => {
    try {
      await bind.mutateAsync({ mac_id: mac, user_id: userId });
      message.success(userId ? t('bind.bound', { mac }) : t('bind.unbound', { mac }));
    } catch {
      // The request layer has shown the refusal.
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 880 }}>
      <Card title={t('bind.title')} data-testid="bind-reader">
        <Form<BindForm>
          form={form}
          layout="vertical"
          onFinish={(values) => {
            if (values.mac_id && values.user_id) void run(values.mac_id, values.user_id);
          }}
        >
          <Form.Item
            name="mac_id"
            label={t('bind.reader')}
            rules={[{ required: true, message: t('bind.pickReader') }]}
          >
            <Select
              showSearch
              loading={readers.isPending}
              placeholder={t('bind.pickReader')}
              optionFilterProp="label"
              options={(readers.data?.list ?? []).map((r) => ({
                value: r.mac_id,
                label: r.name ? `${r.mac_id} · ${r.name}` : r.mac_id,
              }))}
              notFoundContent={t('sender.empty')}
              data-testid="bind-reader-select"
            />
          </Form.Item>
          {current ? (
            <Typography.Paragraph data-testid="bind-current">
              {t('bind.current', { who: boundUserText(current, t('bind.nobody')) })}
            </Typography.Paragraph>
          ) : null}
          <Form.Item
            name="user_id"
            label={t('bind.user')}
            rules={[{ required: true, message: t('bind.pickUser') }]}
          >
            <Select
              showSearch
              loading={staff.isPending}
              placeholder={t('bind.pickUser')}
              optionFilterProp="label"
              options={choices}
              data-testid="bind-user-select"
            />
          </Form.Item>
          <Space wrap>
            <Button
              type="primary"
              htmlType="submit"
              icon={<LinkOutlined />}
              loading={bind.isPending}
              data-testid="bind-submit"
            >
              {t('bind.submit')}
            </Button>
            <Popconfirm
              title={t('bind.unbindConfirm')}
              okText={t('actions.confirm')}
              cancelText={t('cancel')}
              disabled={!current?.bound_user}
              onConfirm={() => {
                if (macId) void run(macId, 0);
              }}
            >
              <Button icon={<DisconnectOutlined />} disabled={!current?.bound_user} data-testid="unbind">
                {t('bind.unbind')}
              </Button>
            </Popconfirm>
          </Space>
        </Form>
      </Card>
      <MyReaderPanel />
    </Space>
  );
}
