import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Result, Select, Space } from 'antd';
import { NewPasswordSchema, REGISTRATION_KINDS, RegistrationFieldsSchema, registrationCardRule } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '../../platform/components/PublicShell';
import { useSchemaForm } from '../../platform/forms/useSchemaForm';
import { ConfirmSchema, confirmed } from './password-schemas';
import { CaptchaImage, useCaptcha } from './captcha';
import { getDepartments, register, sendPhoneCode } from './registration-api';
import { getResetChannels } from './reset-api';
import { useFeedback } from '../../platform/feedback';
import { ApiError } from '../../platform/api/errors';
import { NewPasswordFields } from './PasswordChangeForm';

/**
 * The form of the server's registration body (`RegistrationFieldsSchema` and its card-number rule), the password
 * as typed (RSA-encrypted for the wire) with its confirmation; the captcha key is kept outside the form.
 */
const RegisterFormSchema = RegistrationFieldsSchema.omit({ captchaKey: true })
  .extend({ password: NewPasswordSchema, confirm: ConfirmSchema })
  .superRefine((v, ctx) => {
    registrationCardRule(v, ctx);
    confirmed<typeof v>('password')(v, ctx);
  });

/** Self-registration: creates a pending registration an administrator approves later. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const f = useSchemaForm(RegisterFormSchema);
  const { form } = f;
  const kind = Form.useWatch('kind', form) ?? 'student';
  // A texted code is asked for only where texts reach phones (an SMS provider is configured).
  const channels = useQuery({ queryKey: ['auth', 'reset-channels'], queryFn: getResetChannels });
  const smsOn = !!channels.data?.channels.includes('sms');
  const [codeBusy, setCodeBusy] = useState(false);
  const textCode = async () => {
    const typed: unknown = form.getFieldValue('phone');
    const phone = typeof typed === 'string' ? typed.trim() : undefined;
    if (!phone) {
      await form.validateFields(['phone']).catch(() => undefined);
      form.setFields([{ name: 'phone', errors: [t('validation.required')] }]);
      return;
    }
    setCodeBusy(true);
    try {
      await sendPhoneCode({ phone, purpose: 'register' });
      message.success(t('register.codeSent'));
    } catch {
      /* shown by the API client */
    } finally {
      setCodeBusy(false);
    }
  };
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const { captcha, reload: loadCaptcha } = useCaptcha(form);
  const departments = useQuery({ queryKey: ['auth', 'departments'], queryFn: getDepartments });
  useEffect(() => {
    void loadCaptcha();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = async () => {
    const v = await f.read();
    if (!v) return;
    setBusy(true);
    try {
      const { confirm: _c, ...body } = v;
      await register({ ...body, captchaKey: captcha?.captchaKey ?? '' });
      setDone(true);
    } catch (e) {
      // A refusal naming a field (taken name, a registration already awaiting review…) lands on that field.
      if (f.showError(e) && e instanceof ApiError && e.field && e.name === 'REGISTRATION_SUBMIT_ERROR' && e.dataField('reason') === 'pending')
        form.setFields([{ name: e.field, errors: [t('register.alreadyPending')] }]);
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
  return (
    <PublicShell titleKey="register.title" width={480}>
      <Form form={form} layout="vertical" onFinish={() => void submit()} data-testid="register-form" initialValues={{ kind: 'student' }}>
        <Form.Item {...f.item('kind')} label={t('register.kind')}>
          <Radio.Group
            optionType="button"
            data-testid="register-kind"
            options={REGISTRATION_KINDS.map((k) => ({ value: k, label: <span data-testid={`register-kind-${k}`}>{t(`register.kind_${k}`)}</span> }))}
          />
        </Form.Item>
        <Form.Item {...f.item('username')} label={t('auth.username')}>
          <Input data-testid="register-username" autoComplete="username" />
        </Form.Item>
        <Form.Item {...f.item('realname')} label={t('register.realname')}>
          <Input data-testid="register-realname" />
        </Form.Item>
        {kind === 'employee' ? (
          <Form.Item {...f.item('cardNumber')} label={t('register.employeeNumber')} required>
            <Input data-testid="register-card-number" />
          </Form.Item>
        ) : null}
        <Form.Item {...f.item('phone')} label={t('register.phone')}>
          <Input data-testid="register-phone" />
        </Form.Item>
        {smsOn ? (
          <Form.Item label={t('register.phoneCode')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item {...f.item('phoneCode')} noStyle>
                <Input data-testid="register-phone-code" inputMode="numeric" />
              </Form.Item>
              <Button onClick={() => void textCode()} loading={codeBusy} data-testid="register-send-code">
                {t('register.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
        ) : null}
        <Form.Item {...f.item('email')} label={t('register.email')}>
          <Input data-testid="register-email" autoComplete="email" />
        </Form.Item>
        <Form.Item {...f.item('orgId')} label={t('register.department')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            data-testid="register-department"
            loading={departments.isFetching}
            options={(departments.data ?? []).map((d) => ({ value: d.id, label: d.name }))}
          />
        </Form.Item>
        <NewPasswordFields password={f.item('password')} confirm={f.item('confirm')} labelKey="auth.password" testIds={['register-password', 'register-confirm']} />
        <Form.Item label={t('auth.captcha')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item {...f.item('captcha')} noStyle>
              <Input data-testid="register-captcha" />
            </Form.Item>
            {captcha ? <CaptchaImage captcha={captcha} onReload={() => void loadCaptcha()} testId="register-captcha-image" height={32} /> : null}
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
