import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  checkMobile,
  checkNickname,
  checkPassword,
  type FieldInput,
  GRANTABLE,
  type Permission,
} from '@lockdesk/protocol';
import { Alert, App, Button, Card, Checkbox, Form, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../app/paths.ts';
import { ruleOf } from '../../shared/rules.ts';
import { type ManagerInput, useSetManager, useStaffList } from './api.ts';
import { roomsPath } from './StaffListPage.tsx';

const optionalPassword = (v: FieldInput) =>
  v === undefined || v === null || v === '' ? undefined : checkPassword(v);

/**
 * Management authority (user/setManager): add a secondary administrator by mobile with the authorities an
 * administrator may grant (GRANTABLE, named in the operator's language), or change an existing one's
 * (`?mobile=`). Saving goes on to the member's room permissions, where the rooms are picked.
 */
export default function AuthorityPage() {
  const { t } = useTranslation('staff');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const mobile = search.get('mobile')?.trim() || undefined;
  const [form] = Form.useForm<ManagerInput>();
  const save = useSetManager();
  // An existing administrator: found by its mobile among the secondary administrators.
  const existing = useStaffList({ role: 'secondary', name: mobile, page: 1, limit: 20 });
  const current = useMemo(
    () => (mobile ? existing.data?.list.find((m) => m.mobile === mobile) : undefined),
    [existing.data, mobile],
  );
  useEffect(() => {
    if (current)
      form.setFieldsValue({
        mobile: current.mobile,
        nickname: current.nickname,
        authorities: current.authorities.filter((a): a is Permission =>
          (GRANTABLE as readonly string[]).includes(a),
        ),
      });
  }, [current, form]);

  const submit = async (values: ManagerInput) => {
    const answer = await save.mutateAsync({ ...values, authorities: values.authorities ?? [] });
    message.success(t(answer.created ? 'authority.added' : 'authority.saved'));
    navigate(roomsPath({ id: answer.uid, nickname: answer.nickname, name: '', mobile: answer.mobile }));
  };

  const loading = Boolean(mobile) && existing.isPending;
  return (
    <Card
      title={
        current
          ? t('authority.editTitle', { name: current.nickname || current.mobile })
          : t('authority.title')
      }
      extra={
        <Link to={`${PATHS.workerList}?tab=secondary`}>
          <Button icon={<ArrowLeftOutlined />}>{t('rooms.back')}</Button>
        </Link>
      }
      data-testid="authority"
    >
      {mobile && existing.isSuccess && !current ? (
        <Alert type="warning" showIcon title={t('authority.notFound')} style={{ marginBottom: 16 }} />
      ) : null}
      <Spin spinning={loading}>
        <Form<ManagerInput>
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={{ mobile, authorities: [] }}
          onFinish={(v) => submit(v).catch(() => undefined)}
          data-testid="authority-form"
        >
          <Form.Item
            name="mobile"
            label={t('authority.mobile')}
            required
            rules={[ruleOf(checkMobile)]}
            extra={current ? undefined : t('authority.mobileHint')}
          >
            <Input inputMode="tel" disabled={Boolean(current)} data-testid="authority-mobile" />
          </Form.Item>
          <Form.Item
            name="nickname"
            label={t('authority.nickname')}
            rules={[ruleOf((v) => checkNickname(v))]}
          >
            <Input data-testid="authority-nickname" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('add.password')}
            extra={current ? t('authority.passwordKeep') : t('add.passwordHint')}
            rules={[ruleOf(optionalPassword)]}
          >
            <Input.Password autoComplete="new-password" data-testid="authority-password" />
          </Form.Item>
          <Form.Item
            name="authorities"
            label={t('authority.authorities')}
            extra={t('authority.authoritiesHint')}
          >
            <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
              {GRANTABLE.map((p) => (
                <Checkbox key={p} value={p} data-testid={`authority-${p}`}>
                  <Typography.Text>{t(`permission.${p.replace('.', '_')}`)}</Typography.Text>
                </Checkbox>
              ))}
            </Checkbox.Group>
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="authority-submit">
              {t('save')}
            </Button>
            <Typography.Text type="secondary">{t('authority.roomsNext')}</Typography.Text>
          </Space>
        </Form>
      </Spin>
    </Card>
  );
}
