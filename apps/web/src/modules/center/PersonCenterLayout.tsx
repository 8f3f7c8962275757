import { Card, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PortalShell } from '../../app/portal/PortalLayout';

export default function PersonCenterLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = pathname.split('/').pop() ?? 'profile';
  // The portal's frame, so a phone (no horizontal menu) leaves the person centre by the menu button too.
  return (
    <PortalShell>
      <Card title={t('header.personCenter')}>
        <Menu
          mode="horizontal"
          data-testid="person-center-menu"
          selectedKeys={[current]}
          items={[
            { key: 'profile', label: <span data-testid="center-profile">{t('center.profile')}</span> },
            { key: 'avatar-set', label: <span data-testid="center-avatar-set">{t('center.avatar')}</span> },
            { key: 'password-set', label: <span data-testid="center-password-set">{t('center.password')}</span> },
          ]}
          onClick={({ key }) => void navigate(`/center/person-center/${key}`)}
          style={{ marginBottom: 16 }}
        />
        <Outlet />
      </Card>
    </PortalShell>
  );
}
