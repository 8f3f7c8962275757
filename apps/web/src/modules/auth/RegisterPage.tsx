import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Result, Select, Space } from 'antd';
import { RegistrationSubmitSchema } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '../../platform/components/PublicShell';
import { rulesFor } from '../../platform/forms/zod-rules';
import { getCaptcha, getDepartments, register } from './api';
import { confirmPasswordRules, newPasswordRules } from './password-rules';

/** The server's registration body; the password is checked by the shared password rule. */
const RegisterFieldsSchema = RegistrationSubmitSchema.pick({ username: true, realname: true, phone: true, email: true, orgId: true, captcha: true });

interface Values {
  username: string;
  realname: string;
  phone?: string;
  email: string;
  orgId?: number;
  password: string;
  confirm: string;
  captcha: string;
}

/** Self-registration: creates a pending registration an administrator approves later. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [captcha, setCaptcha] = useState<{ captchaKey: string; svg: string } | null>(null);
  const departments = useQuery({ queryKey: ['auth', 'departments'], queryFn: getDepartments });
  const loadCaptcha = () =>
    getCaptcha()
      .then((c) => {
        setCaptcha(c);
        form.setFieldValue('captcha', undefined);
      })
      .catch(() => undefined);
  useEffect(() => {
    void loadCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = async ({ confirm: _c, ...v }: Values) => {
    setBusy(true);
    try {
      await register({ ...v, phone: v.phone || undefined, captchaKey: captcha?.captchaKey ?? '' });
      setDone(true);
    } catch {
      void loadCaptcha();
    } finally {
      setBusy(false);
    }
  };
  if (done)
    return (
      <PublicShell>
        <Result status="success" title={t('register.done')} subTitle={t('register.pending')} extra={<Link to="/">{t('auth.backToLogin')}</Link>} data-testid="register-done" />
      </PublicShell>
    );
  const rules = (name: string) => rulesFor(RegisterFieldsSchema, name, t);
  return (
    <PublicShell titleKey="register.title" width={480}>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="register-form">
        <Form.Item name="username" label={t('auth.username')} required rules={rules('username')}>
          <Input data-testid="register-username" autoComplete="username" />
        </Form.Item>
        <Form.Item name="realname" label={t('register.realname')} required rules={rules('realname')}>
          <Input data-testid="register-realname" />
        </Form.Item>
        <Form.Item name="phone" label={t('register.phone')} rules={rules('phone')}>
          <Input data-testid="register-phone" />
        </Form.Item>
        <Form.Item name="email" label={t('register.email')} required rules={rules('email')}>
          <Input data-testid="register-email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="orgId" label={t('register.department')} rules={rules('orgId')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            data-testid="register-department"
            loading={departments.isFetching}
            options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
        <Form.Item name="password" label={t('auth.password')} rules={newPasswordRules(t)} extra={t('password.hint')}>
          <Input.Password data-testid="register-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={t('password.confirm')} dependencies={['password']} rules={confirmPasswordRules(t, 'password')}>
          <Input.Password data-testid="register-confirm" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label={t('auth.captcha')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="captcha" noStyle rules={rules('captcha')}>
              <Input data-testid="register-captcha" />
            </Form.Item>
            {captcha ? (
              <img
                alt={t('auth.captchaRefresh')}
                title={t('auth.captchaRefresh')}
                data-testid="register-captcha-image"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.svg)}`}
                onClick={() => void loadCaptcha()}
                style={{ height: 32, cursor: 'pointer', border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' }}
              />
            ) : null}
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/">{t('auth.backToLogin')}</Link>
      </div>
    </PublicShell>
  );
}
