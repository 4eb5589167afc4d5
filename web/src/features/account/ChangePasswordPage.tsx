import { checkPassword } from '@lockdesk/protocol';
import { App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdatePassword } from '../../api/account.ts';
import { ruleOf, sameAs } from '../../shared/rules.ts';

interface ChangeForm {
  oldPassword: string;
  password: string;
  confirm: string;
}

/** Change password: old, new, confirm. The server ends the account's other sessions; this one stays. */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangeForm>();
  const update = useUpdatePassword();

  const submit = (values: ChangeForm) => {
    update.mutate(
      { oldPassword: values.oldPassword, newPassword: values.password },
      {
        onSuccess: () => {
          message.success(t('account.passwordChanged'));
          form.resetFields();
        },
      },
    );
  };

  return (
    <Card title={t('route.changePsw')} style={{ maxWidth: 520 }}>
      <Form<ChangeForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        data-testid="change-password-form"
      >
        <Form.Item name="oldPassword" label={t('account.oldPassword')} rules={[ruleOf(checkPassword)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('account.newPassword')} rules={[ruleOf(checkPassword)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('account.confirmPassword')}
          dependencies={['password']}
          rules={[sameAs('password', () => t('account.passwordsDiffer'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('account.savePassword')}
        </Button>
      </Form>
    </Card>
  );
}
