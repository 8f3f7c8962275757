import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { USER_PHONE_PATTERN, type UserInfoUpdate } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { session, useSession } from '../../platform/session';
import { useFeedback } from '../../platform/feedback';
import { updateOwnInfo } from './api';

interface Values {
  realname: string;
  phone?: string;
  email?: string;
}

/**
 * The caller's own name, phone and e-mail (POST /api/user/info/update). The session carries only
 * the name, so phone and e-mail are sent when filled in (an empty field keeps the stored value).
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useSession((s) => s.user);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const save = async (values: Values) => {
    const input: UserInfoUpdate = { realname: values.realname.trim() };
    if (values.phone?.trim()) input.phone = values.phone.trim();
    if (values.email?.trim()) input.email = values.email.trim();
    setBusy(true);
    try {
      await updateOwnInfo(input);
      session.set({ user: { ...user, realname: input.realname } });
      message.success(t('common.saved'));
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={{ realname: user.realname }} onFinish={save} style={{ maxWidth: 420 }} data-testid="profile-form">
      <Form.Item name="realname" label={t('user.realname')} rules={[{ required: true, whitespace: true, max: 200 }]}>
        <Input data-testid="profile-realname" autoComplete="name" />
      </Form.Item>
      <Form.Item name="phone" label={t('user.phone')} extra={t('center.keepHint')} rules={[{ pattern: USER_PHONE_PATTERN, message: t('center.phoneInvalid') }]}>
        <Input data-testid="profile-phone" inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="email" label={t('user.email')} extra={t('center.keepHint')} rules={[{ type: 'email', max: 200, message: t('center.emailInvalid') }]}>
        <Input data-testid="profile-email" inputMode="email" autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}
