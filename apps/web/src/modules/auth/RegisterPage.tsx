import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Result, Select, Space } from 'antd';
import { REGISTRATION_KINDS, RegistrationFieldsSchema, type RegistrationSubmit } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicShell } from '../../platform/components/PublicShell';
import { rulesFor } from '../../platform/forms/zod-rules';
import { CaptchaImage, useCaptcha } from './captcha';
import { getDepartments, register, sendPhoneCode } from './registration-api';
import { getResetChannels } from './reset-api';
import { useFeedback } from '../../platform/feedback';
import { ApiError } from '../../platform/api/errors';
import { NewPasswordFields } from './PasswordChangeForm';

/** The server's registration body; the password is checked by the shared password rule. */
const RegisterFieldsSchema = RegistrationFieldsSchema.pick({ username: true, realname: true, phone: true, email: true, orgId: true, captcha: true, phoneCode: true });

interface Values {
  username: string;
  realname: string;
  phone?: string;
  email: string;
  orgId?: number;
  kind: RegistrationSubmit['kind'];
  cardNumber?: string;
  phoneCode?: string;
  password: string;
  confirm: string;
  captcha: string;
}

const FORM_FIELDS = new Set(['username', 'realname', 'cardNumber', 'phone', 'phoneCode', 'email', 'orgId', 'password', 'captcha']);

/** Self-registration: creates a pending registration an administrator approves later. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'student';
  // A texted code is asked for only where texts reach phones (an SMS provider is configured).
  const channels = useQuery({ queryKey: ['auth', 'reset-channels'], queryFn: getResetChannels });
  const smsOn = !!channels.data?.channels.includes('sms');
  const [codeBusy, setCodeBusy] = useState(false);
  const textCode = async () => {
    const phone = (form.getFieldValue('phone') as string | undefined)?.trim();
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
  const submit = async ({ confirm: _c, ...v }: Values) => {
    setBusy(true);
    try {
      await register({
        ...v,
        phone: v.phone || undefined,
        cardNumber: v.cardNumber?.trim() || undefined,
        phoneCode: v.phoneCode?.trim() || undefined,
        captchaKey: captcha?.captchaKey ?? '',
      });
      setDone(true);
    } catch (e) {
      // A refusal naming a field (taken name, a registration already awaiting review…) lands on that field.
      if (e instanceof ApiError && e.field && FORM_FIELDS.has(e.field)) {
        const pending = e.name === 'REGISTRATION_SUBMIT_ERROR' && (e.data as { reason?: string } | null)?.reason === 'pending';
        form.setFields([{ name: e.field as keyof Values, errors: [pending ? t('register.alreadyPending') : e.text] }]);
      }
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
      <Form form={form} layout="vertical" onFinish={submit} data-testid="register-form" initialValues={{ kind: 'student' }}>
        <Form.Item name="kind" label={t('register.kind')}>
          <Radio.Group
            optionType="button"
            data-testid="register-kind"
            options={REGISTRATION_KINDS.map((k) => ({ value: k, label: <span data-testid={`register-kind-${k}`}>{t(`register.kind_${k}`)}</span> }))}
          />
        </Form.Item>
        <Form.Item name="username" label={t('auth.username')} required rules={rules('username')}>
          <Input data-testid="register-username" autoComplete="username" />
        </Form.Item>
        <Form.Item name="realname" label={t('register.realname')} required rules={rules('realname')}>
          <Input data-testid="register-realname" />
        </Form.Item>
        {kind === 'employee' ? (
          <Form.Item
            name="cardNumber"
            label={t('register.employeeNumber')}
            required
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              { min: 3, max: 200, message: t('register.employeeNumberLength') },
            ]}
          >
            <Input data-testid="register-card-number" />
          </Form.Item>
        ) : null}
        <Form.Item name="phone" label={t('register.phone')} rules={rules('phone')}>
          <Input data-testid="register-phone" />
        </Form.Item>
        {smsOn ? (
          <Form.Item label={t('register.phoneCode')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="phoneCode" noStyle rules={rules('phoneCode')}>
                <Input data-testid="register-phone-code" inputMode="numeric" />
              </Form.Item>
              <Button onClick={() => void textCode()} loading={codeBusy} data-testid="register-send-code">
                {t('register.sendCode')}
              </Button>
            </Space.Compact>
          </Form.Item>
        ) : null}
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
        <NewPasswordFields labelKey="auth.password" testIds={['register-password', 'register-confirm']} />
        <Form.Item label={t('auth.captcha')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="captcha" noStyle rules={rules('captcha')}>
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
