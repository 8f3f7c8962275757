import { useState } from 'react';
import { Avatar, Button, Space } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { session, useSession } from '../../platform/session';
import { setAvatar } from './api';
import { ImageUpload } from '../uploads/index';
import { useFeedback } from '../../platform/feedback';

/** Upload a picture, then save it as the user's avatar. */
export default function AvatarSetPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const user = useSession((s) => s.user);
  const [url, setUrl] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!url || !user) return;
    setBusy(true);
    try {
      await setAvatar({ avatar: url });
      session.set({ user: { ...user, avatar: shown ?? url } });
      message.success(t('common.saved'));
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space align="start" size="large">
      <Avatar size={96} src={user?.avatar || undefined} icon={<UserOutlined />} data-testid="avatar-current" />
      <Space direction="vertical">
        <ImageUpload
          value={url}
          onChange={(v, file) => {
            setUrl(v);
            setShown(file?.publicUrl ?? null);
          }}
          purpose="avatar"
          testId="avatar-upload"
        />
        <Button type="primary" disabled={!url} loading={busy} onClick={save} data-testid="avatar-save">
          {t('common.save')}
        </Button>
      </Space>
    </Space>
  );
}
