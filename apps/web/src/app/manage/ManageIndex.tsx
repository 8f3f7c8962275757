import { Card, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../platform/session';

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

export default function ManageIndex() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const online = useSession((s) => s.onlineSeconds);
  return (
    <Card data-testid="manage-index">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('manageIndex.welcome', { name: user?.realname || user?.username || '' })}
      </Typography.Title>
      <Descriptions column={1}>
        <Descriptions.Item label={t('manageIndex.roles')}>{user?.authorities.join(', ')}</Descriptions.Item>
        <Descriptions.Item label={t('manageIndex.online')}>
          <span data-testid="online-time">{clock(online)}</span>
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
