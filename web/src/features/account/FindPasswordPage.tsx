import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { checkMobile, checkPassword, checkSmsCode } from '@lockdesk/protocol';
import { App, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useResetPassword, useSendSms } from '../../api/account.ts';
import { CallError } from '../../api/client.ts';
import { LOGIN_PATH } from '../../app/paths.ts';
import { ruleOf, sameAs } from '../../shared/rules.ts';
import { AccountFrame } from './AccountFrame.tsx';

interface FindForm {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}

/** Seconds before another SMS code may be asked for (the server refuses sooner: SMS_TOO_FREQUENT). */
export const SMS_RESEND_SECONDS = 60;

/** The seconds SMS_TOO_FREQUENT's data `{wait}` asks for, or 0. */
function serverWait(data: unknown): number {
  const wait = data !== null && typeof data === 'object' ? (data as { wait?: unknown }).wait : undefined;
  return typeof wait === 'number' && Number.isFinite(wait) && wait > 0
    ? Math.min(Math.ceil(wait), SMS_RESEND_SECONDS)
    : 0;
}

/** Password recovery with the SMS code (spec §2 '/find'). */
export default function FindPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<FindForm>();
  const sendSms = useSendSms();
  const reset = useResetPassword();
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    const { mobile } = await form.validateFields(['mobile']);
    sendSms.mutate(
      { mobile },
      {
        onSuccess: () => {
          message.success(t('account.smsSent'));
          setWait(SMS_RESEND_SECONDS);
        },
        // A code sent shortly before (another tab, or before a reload): count down what the server says is left.
        onError: (error) => {
          const left = error instanceof CallError ? serverWait(error.data) : 0;
          if (left > 0) setWait(left);
        },
      },
    );
  };

  const submit = (values: FindForm) => {
    reset.mutate(
      { mobile: values.mobile, code: values.code, password: values.password },
      {
        onSuccess: () => {
          message.success(t('account.resetDone'));
          navigate(LOGIN_PATH, { replace: true });
        },
      },
    );
  };

  return (
    <AccountFrame title={t('account.recoverTitle')}>
      <Form<FindForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        data-testid="find-form"
      >
        <Form.Item name="mobile" label={t('account.mobile')} rules={[ruleOf(checkMobile)]}>
          <Input prefix={<MobileOutlined />} placeholder={t('account.mobilePlaceholder')} size="large" />
        </Form.Item>
        <Form.Item label={t('account.smsCode')} required>
          <div style={{ display: 'flex', gap: 8 }}>
            <Form.Item name="code" noStyle rules={[ruleOf(checkSmsCode)]}>
              <Input
                prefix={<SafetyOutlined />}
                placeholder={t('account.smsCodePlaceholder')}
                autoComplete="one-time-code"
                size="large"
                style={{ flex: 1 }}
              />
            </Form.Item>
            <Button
              size="large"
              onClick={() => void send().catch(() => {})}
              disabled={wait > 0}
              loading={sendSms.isPending}
            >
              {wait > 0 ? t('account.resendIn', { seconds: wait }) : t('account.sendSms')}
            </Button>
          </div>
        </Form.Item>
        <Form.Item name="password" label={t('account.newPassword')} rules={[ruleOf(checkPassword)]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('account.confirmPassword')}
          dependencies={['password']}
          rules={[sameAs('password', () => t('account.passwordsDiffer'))]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" size="large" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
            {t('account.resetPassword')}
          </Button>
        </Form.Item>
        <div style={{ textAlign: 'end' }}>
          <Link to={LOGIN_PATH}>{t('account.backToLogin')}</Link>
        </div>
      </Form>
    </AccountFrame>
  );
}
