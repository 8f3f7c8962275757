import { useState } from 'react';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CaptchaAnswerSchema, LoginSchema, isOneOf } from '@hanlin/shared';
import { useSchemaForm } from '../../platform/forms/useSchemaForm';
import { ApiError } from '../../platform/api/client';
import { PublicShell } from '../../platform/components/PublicShell';
import { session } from '../../platform/session';
import { login, type Entry } from './api';
import { CaptchaImage, useCaptcha } from './captcha';
import { useFeedback } from '../../platform/feedback';

/** The two doors of the login page, as its tabs offer them. */
const ENTRIES: readonly Entry[] = ['manage', 'student'];

/** The login body's fields as typed (the password is RSA-encrypted for the wire, see `login`). */
const LoginFormSchema = LoginSchema.pick({ username: true, password: true });
/** Once the server asks for a captcha, its answer is required too. */
const LoginCaptchaFormSchema = LoginFormSchema.extend({ captcha: CaptchaAnswerSchema });
/** The fields have no labels: their "required" texts name them. */
const REQUIRED_TEXTS = { username: 'auth.usernameRequired', password: 'auth.passwordRequired', captcha: 'error.CAPTCHA_REQUIRED' };

const CAPTCHA_ERRORS = new Set(['CAPTCHA_REQUIRED', 'CAPTCHA_NOT_MATCH']);

function needsCaptcha(e: ApiError): boolean {
  return CAPTCHA_ERRORS.has(e.name) || !!e.dataField('captchaRequired');
}

/** A deep link opened while signed out (`/?redirect=`): a path of this site only. */
function safeRedirect(to: string | null): string | null {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/\\') && to !== '/' ? to : null;
}

/** Login with an administrator entry and a student entry; captcha when the server asks. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm();
  const [entry, setEntry] = useState<Entry>('manage');
  const { captcha, reload: loadCaptcha } = useCaptcha(form);
  const plain = useSchemaForm(LoginFormSchema, { form, requiredTexts: REQUIRED_TEXTS });
  const withCaptcha = useSchemaForm(LoginCaptchaFormSchema, { form, requiredTexts: REQUIRED_TEXTS });
  const f = captcha ? withCaptcha : plain;
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const v = await f.read();
    if (!v) return;
    setBusy(true);
    try {
      const r = await login({ ...v, entry, captchaKey: captcha?.captchaKey });
      session.set({
        token: r.access_token,
        signNumber: r.signNumber,
        user: r.user,
        operateAuth: r.user.operateAuth,
        authorities: r.user.authorities,
        history: [],
        onlineSeconds: 0,
        unreadCount: 0,
        reload: false,
      });
      void navigate(safeRedirect(params.get('redirect')) ?? (entry === 'manage' ? '/dashboard' : '/portal'));
    } catch (e) {
      const err = e instanceof ApiError ? e : null;
      if (err?.name === 'NO_LOGIN_PERMISSION' && err.dataField('entry') === 'student') {
        // Students, lecturers and class teachers sign in at the student entry, then switch ends in the header.
        setEntry('student');
        message.warning({ content: t('auth.useStudentEntry'), duration: 8, className: 'login-use-student-entry' });
        return;
      }
      message.error(err ? err.text : t('error.LOGIN_FAILED'));
      if (err && (needsCaptcha(err) || captcha)) await loadCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicShell>
      <Tabs
        activeKey={entry}
        onChange={(k) => {
          if (isOneOf(ENTRIES, k)) setEntry(k);
        }}
        centered
        items={[
          { key: 'manage', label: <span data-testid="login-tab-manage">{t('auth.entryManage')}</span> },
          { key: 'student', label: <span data-testid="login-tab-student">{t('auth.entryStudent')}</span> },
        ]}
      />
      <Form form={form} onFinish={() => void submit()} size="large" data-testid="login-form">
        <Form.Item {...f.item('username')}>
          <Input prefix={<UserOutlined />} placeholder={t('auth.username')} aria-label={t('auth.username')} autoComplete="username" data-testid="login-username" />
        </Form.Item>
        <Form.Item {...f.item('password')}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('auth.password')}
            aria-label={t('auth.password')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        {captcha ? (
          <Form.Item>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item {...withCaptcha.item('captcha')} noStyle>
                <Input prefix={<SafetyOutlined />} placeholder={t('auth.captcha')} aria-label={t('auth.captcha')} data-testid="login-captcha" />
              </Form.Item>
              <CaptchaImage captcha={captcha} onReload={() => void loadCaptcha()} testId="login-captcha-image" height={40} />
            </Space.Compact>
          </Form.Item>
        ) : null}
        <Button type="primary" htmlType="submit" block loading={busy} data-testid="login-submit">
          {t('auth.login')}
        </Button>
      </Form>
      <Space style={{ marginTop: 16, width: '100%', justifyContent: 'space-between' }}>
        <Link to="/registered" data-testid="login-register-link">
          {t('auth.register')}
        </Link>
        <Link to="/manage-version">{t('versions.title')}</Link>
        <Link to="/reset-password" data-testid="login-forgot-link">
          {t('auth.forgot')}
        </Link>
      </Space>
    </PublicShell>
  );
}
