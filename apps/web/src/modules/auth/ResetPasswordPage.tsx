import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Radio, Result, Space, Steps } from 'antd';
import { ResetCheckSchema, ResetVerifySchema, type ResetCheckResult, type ResetSend } from '@hanlin/shared';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PublicShell } from '../../platform/components/PublicShell';
import { checkReset, confirmReset, getResetChannels, sendReset, verifyReset } from './reset-api';
import { NewPasswordFields } from './PasswordChangeForm';
import { ResetPasswordFormSchema } from './password-schemas';
import { useSchemaForm, type SchemaFormApi } from '../../platform/forms/useSchemaForm';
import type { FieldName, SchemaObject } from '../../platform/forms/types';
import { useFeedback } from '../../platform/feedback';

type Method = ResetSend['method'];

/** The code step's field of the shared verify body (the account is the one named in step 1). */
const ResetCodeSchema = ResetVerifySchema.pick({ code: true });

/** The ways to verify each channel offers. */
const METHODS_OF = { email: ['code', 'link'], sms: ['sms'] } as const;

/** No channel: the site cannot verify anyone by itself, so the page says whom to ask. */
function NoChannel({ contact, forAccount }: { contact: string | null; forAccount: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="reset-no-channel"
      message={t(forAccount ? 'reset.noChannelAccount' : 'reset.noChannel')}
      description={contact ? t('reset.contactNamed', { contact }) : t('reset.contactAdmin')}
    />
  );
}

/** A step's form: one text field of the shared step body `schema` (`name`, test id `reset-<name>`) and "next" (`submitTestId`). */
function NextStepForm<S extends SchemaObject>(p: {
  schema: S;
  name: FieldName<S>;
  testId: string;
  labelKey: string;
  submitTestId: string;
  busy: boolean;
  onFinish: (body: z.output<S>) => void;
}) {
  const { t } = useTranslation();
  const f = useSchemaForm(p.schema);
  const { name, ...item } = f.item(p.name);
  const next = async () => {
    const body = await f.read();
    if (body) p.onFinish(body);
  };
  return (
    <Form form={f.form} layout="vertical" data-testid={p.testId} onFinish={() => void next()}>
      <Form.Item {...item} name={String(name)} label={t(p.labelKey)}>
        <Input data-testid={`reset-${name}`} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={p.busy} data-testid={p.submitTestId}>
        {t('common.next')}
      </Button>
    </Form>
  );
}

/** The last step's form: the new password and its confirmation (`ResetPasswordFormSchema`); a refusal lands on the password. */
function NewPasswordForm({ busy, onFinish }: { busy: boolean; onFinish: (password: string, f: SchemaFormApi<typeof ResetPasswordFormSchema>) => void }) {
  const { t } = useTranslation();
  const f = useSchemaForm(ResetPasswordFormSchema);
  const submit = async () => {
    const body = await f.read();
    if (body) onFinish(body.password, f);
  };
  return (
    <Form form={f.form} layout="vertical" data-testid="reset-password-form" onFinish={() => void submit()}>
      <NewPasswordFields password={f.item('password')} confirm={f.item('confirm')} testIds={['reset-password', 'reset-confirm']} />
      <Button type="primary" htmlType="submit" block loading={busy} data-testid="reset-submit">
        {t('common.submit')}
      </Button>
    </Form>
  );
}

/**
 * Forgot password in three steps: account, verification (e-mailed code or link), new password.
 * The e-mailed link lands here with `?token=` and opens the last step directly.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const linkToken = params.get('token');
  const [step, setStep] = useState(linkToken ? 2 : 0);
  const [username, setUsername] = useState('');
  const [method, setMethod] = useState<Method>('code');
  const [account, setAccount] = useState<ResetCheckResult | null>(null);
  const site = useQuery({ queryKey: ['auth', 'reset-channels'], queryFn: getResetChannels, enabled: !linkToken });
  const methods: Method[] = (account?.channels ?? []).flatMap((c) => [...METHODS_OF[c]]);
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
      message.success(t(method === 'code' ? 'reset.codeSent' : method === 'sms' ? 'reset.smsSent' : 'reset.linkSent'));
    });

  return (
    <PublicShell titleKey="reset.title" width={520}>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: t('reset.stepAccount') }, { title: t('reset.stepVerify') }, { title: t('reset.stepPassword') }]}
      />
      {step === 0 && site.data && !site.data.channels.length ? <NoChannel contact={site.data.contact} forAccount={false} /> : null}
      {step === 0 && account && !account.channels.length && site.data?.channels.length ? <NoChannel contact={account.contact} forAccount /> : null}
      {step === 0 ? (
        <NextStepForm
          schema={ResetCheckSchema}
          testId="reset-account-form"
          name="username"
          labelKey="reset.account"
          submitTestId="reset-next"
          busy={busy}
          onFinish={({ username: name }) =>
            run(async () => {
              const checked = await checkReset({ username: name });
              setUsername(name);
              setAccount(checked);
              if (!checked.channels.length) return;
              setMethod(checked.channels[0] === 'sms' ? 'sms' : 'code');
              setSent(false);
              setStep(1);
            })
          }
        />
      ) : null}
      {step === 1 ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Radio.Group
            value={method}
            onChange={(e) => {
              const picked = methods.find((m) => m === e.target.value);
              if (picked) setMethod(picked);
              setSent(false);
            }}
            data-testid="reset-method"
            options={methods.map((m) => ({
              value: m,
              label: m === 'sms' ? t('reset.bySms', { phone: account?.maskedPhone ?? '' }) : t(m === 'code' ? 'reset.byCode' : 'reset.byLink'),
            }))}
          />
          <Button onClick={send} loading={busy} data-testid="reset-send">
            {t(sent ? 'reset.resend' : method === 'sms' ? 'reset.sendSms' : 'reset.send')}
          </Button>
          {(method === 'code' || method === 'sms') && sent ? (
            <NextStepForm
              schema={ResetCodeSchema}
              testId="reset-code-form"
              name="code"
              labelKey="reset.code"
              submitTestId="reset-verify"
              busy={busy}
              onFinish={({ code }) =>
                run(async () => {
                  const r = await verifyReset({ username, code });
                  setResetToken(r.resetToken);
                  setStep(2);
                })
              }
            />
          ) : null}
          {method === 'link' && sent ? <Result status="info" subTitle={t('reset.checkMail')} /> : null}
          <Button type="link" onClick={() => setStep(0)}>
            {t('common.back')}
          </Button>
        </Space>
      ) : null}
      {step === 2 ? (
        <NewPasswordForm
          busy={busy}
          onFinish={(password, f) =>
            run(async () => {
              try {
                await confirmReset({ resetToken, password });
              } catch (e) {
                f.showError(e);
                return;
              }
              message.success(t('reset.done'));
              void navigate('/');
            })
          }
        />
      ) : null}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/">{t('auth.backToLogin')}</Link>
      </div>
    </PublicShell>
  );
}
