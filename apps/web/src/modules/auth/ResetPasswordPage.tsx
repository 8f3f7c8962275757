import { useState } from 'react';
import { App, Button, Form, Input, Radio, Result, Space, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicShell } from '../../platform/components/PublicShell';
import { confirmReset, sendReset, verifyReset } from './api';
import { confirmPasswordRules, newPasswordRules } from './password-rules';

type Method = 'code' | 'link';

/**
 * Forgot password in three steps: account, verification (e-mailed code or link), new password.
 * The e-mailed link lands here with `?token=` and opens the last step directly.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkToken = params.get('token');
  const [step, setStep] = useState(linkToken ? 2 : 0);
  const [username, setUsername] = useState('');
  const [method, setMethod] = useState<Method>('code');
  const [sent, setSent] = useState(false);
  const [resetToken, setResetToken] = useState(linkToken ?? '');
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };

  const send = () =>
    run(async () => {
      await sendReset({ username, method });
      setSent(true);
      message.success(t(method === 'code' ? 'reset.codeSent' : 'reset.linkSent'));
    });

  return (
    <PublicShell titleKey="reset.title" width={520}>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: t('reset.stepAccount') }, { title: t('reset.stepVerify') }, { title: t('reset.stepPassword') }]}
      />
      {step === 0 ? (
        <Form
          layout="vertical"
          data-testid="reset-account-form"
          onFinish={(v: { username: string }) => {
            setUsername(v.username.trim());
            setStep(1);
          }}
        >
          <Form.Item name="username" label={t('reset.account')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
            <Input data-testid="reset-username" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block data-testid="reset-next">
            {t('common.next')}
          </Button>
        </Form>
      ) : null}
      {step === 1 ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Radio.Group
            value={method}
            onChange={(e) => {
              setMethod(e.target.value as Method);
              setSent(false);
            }}
            data-testid="reset-method"
            options={[
              { value: 'code', label: t('reset.byCode') },
              { value: 'link', label: t('reset.byLink') },
            ]}
          />
          <Button onClick={send} loading={busy} data-testid="reset-send">
            {t(sent ? 'reset.resend' : 'reset.send')}
          </Button>
          {method === 'code' && sent ? (
            <Form
              layout="vertical"
              data-testid="reset-code-form"
              onFinish={(v: { code: string }) =>
                run(async () => {
                  const r = await verifyReset({ username, code: v.code.trim() });
                  setResetToken(r.resetToken);
                  setStep(2);
                })
              }
            >
              <Form.Item name="code" label={t('reset.code')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
                <Input data-testid="reset-code" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-verify">
                {t('common.next')}
              </Button>
            </Form>
          ) : null}
          {method === 'link' && sent ? <Result status="info" subTitle={t('reset.checkMail')} /> : null}
          <Button type="link" onClick={() => setStep(0)}>
            {t('common.back')}
          </Button>
        </Space>
      ) : null}
      {step === 2 ? (
        <Form
          layout="vertical"
          data-testid="reset-password-form"
          onFinish={(v: { password: string }) =>
            run(async () => {
              await confirmReset({ resetToken, password: v.password });
              message.success(t('reset.done'));
              void navigate('/');
            })
          }
        >
          <Form.Item name="password" label={t('password.new')} rules={newPasswordRules(t)} extra={t('password.hint')}>
            <Input.Password data-testid="reset-password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirm" label={t('password.confirm')} dependencies={['password']} rules={confirmPasswordRules(t, 'password')}>
            <Input.Password data-testid="reset-confirm" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
            {t('common.submit')}
          </Button>
        </Form>
      ) : null}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/">{t('auth.backToLogin')}</Link>
      </div>
    </PublicShell>
  );
}
