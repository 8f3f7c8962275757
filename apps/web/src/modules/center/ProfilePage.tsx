import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { UserInfoUpdateSchema } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { session, useSession } from '../../platform/session';
import { useFeedback } from '../../platform/feedback';
import { useSchemaForm } from '../../platform/forms/useSchemaForm';
import { updateOwnInfo } from './api';

const ProfileSchema = UserInfoUpdateSchema.pick({ realname: true, phone: true, email: true });

/**
 * The caller's own name, phone and e-mail (POST /api/user/info/update). The session carries only
 * the name, so phone and e-mail are sent when filled in (an empty field keeps the stored value).
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useSession((s) => s.user);
  const f = useSchemaForm(ProfileSchema);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const save = async () => {
    // An empty phone or e-mail is left out of the body: the stored one stays.
    const input = await f.read();
    if (!input) return;
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
    <Form form={f.form} layout="vertical" initialValues={{ realname: user.realname }} onFinish={() => void save()} style={{ maxWidth: 420 }} data-testid="profile-form">
      <Form.Item {...f.item('realname')} label={t('user.realname')}>
        <Input data-testid="profile-realname" autoComplete="name" />
      </Form.Item>
      <Form.Item {...f.item('phone')} label={t('user.phone')} extra={t('center.keepHint')}>
        <Input data-testid="profile-phone" inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <Form.Item {...f.item('email')} label={t('user.email')} extra={t('center.keepHint')}>
        <Input data-testid="profile-email" inputMode="email" autoComplete="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}
