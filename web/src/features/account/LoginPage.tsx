import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { checkAccount, checkGraphicCode, checkPassword, LIMITS } from '@lockdesk/protocol';
import { Button, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { needsGraphicCode, useCaptcha, useLogin } from '../../api/account.ts';
import { CallError } from '../../api/client.ts';
import { setUserInfo } from '../../api/session.ts';
import { safeRedirect } from '../../app/guards.ts';
import { FIND_PATH, landingFor } from '../../app/paths.ts';
import { ruleOf } from '../../shared/rules.ts';
import { AccountFrame } from './AccountFrame.tsx';

interface LoginForm {
  account: string;
  password: string;
  code?: string;
}

/**
 * Sign-in: account (mobile or e-mail), password and the 4-digit graphic code (spec §2, §5). The server asks for
 * the graphic code once an account or browser has failed to sign in a few times (`needCode` in its refusal);
 * from then on the form shows the picture and checks the code.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [form] = Form.useForm<LoginForm>();
  const [needCode, setNeedCode] = useState(false);
  const captcha = useCaptcha(needCode);
  const login = useLogin();

  const submit = (values: LoginForm) => {
    const code = needCode ? values.code : undefined;
    login.mutate(
      {
        account: values.account,
        password: values.password,
        ...(code ? { code } : {}),
        ...(code && captcha.data?.captchaId ? { captchaId: captcha.data.captchaId } : {}),
      },
      {
        onSuccess: (answer) => {
          setUserInfo(answer);
          navigate(safeRedirect(search.get('redirect'), landingFor(answer.role)), { replace: true });
        },
        onError: (error) => {
          if (error instanceof CallError && needsGraphicCode(error.data)) {
            if (needCode) void captcha.refetch();
            setNeedCode(true);
          }
          // A graphic code is good for one attempt.
          form.setFieldValue('code', '');
        },
      },
    );
  };

  return (
    <AccountFrame title={t('account.signInTitle')}>
      <Form<LoginForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        data-testid="login-form"
      >
        <Form.Item name="account" label={t('account.account')} rules={[ruleOf(checkAccount)]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('account.accountPlaceholder')}
            autoComplete="username"
            size="large"
          />
        </Form.Item>
        <Form.Item name="password" label={t('account.password')} rules={[ruleOf(checkPassword)]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('account.passwordPlaceholder')}
            autoComplete="current-password"
            size="large"
          />
        </Form.Item>
        {needCode ? (
          <Form.Item label={t('account.graphicCode')} required>
            <div style={{ display: 'flex', gap: 8 }}>
              <Form.Item name="code" noStyle rules={[ruleOf(checkGraphicCode)]}>
                <Input
                  prefix={<SafetyOutlined />}
                  placeholder={t('account.graphicCodePlaceholder')}
                  maxLength={LIMITS.graphicCodeDigits}
                  inputMode="numeric"
                  autoComplete="off"
                  size="large"
                  style={{ flex: 1 }}
                />
              </Form.Item>
              <button
                type="button"
                onClick={() => void captcha.refetch()}
                title={t('account.refreshCode')}
                data-testid="captcha"
                style={{
                  width: 120,
                  height: 40,
                  padding: 0,
                  border: '1px solid #d9d9d9',
                  borderRadius: 6,
                  background: '#fafafa',
                  cursor: 'pointer',
                  flex: 'none',
                }}
              >
                {captcha.isFetching ? (
                  <Spin size="small" />
                ) : captcha.data?.image ? (
                  <img src={captcha.data.image} alt={t('account.refreshCode')} width={118} height={38} />
                ) : (
                  <span style={{ fontSize: 11 }}>{t('account.captchaFailed')}</span>
                )}
              </button>
            </div>
          </Form.Item>
        ) : null}
        <Form.Item style={{ marginBottom: 12 }}>
          <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
            {t('account.signIn')}
          </Button>
        </Form.Item>
        <div style={{ textAlign: 'end' }}>
          <Link to={FIND_PATH}>{t('account.forgotPassword')}</Link>
        </div>
      </Form>
    </AccountFrame>
  );
}
