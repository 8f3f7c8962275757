import { Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { can } from '../../platform/permission';
import { useSession } from '../../platform/session';
import { AppHeader } from '../header/AppHeader';
import { PORTAL_SECTIONS } from '../routes/portal-paths';

/** Student portal: header with home, courses (kc-pc), training, knowledge and mine (zs-pc). */
export default function PortalLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const granted = useSession((s) => s.operateAuth);
  const items = [
    { key: '/portal', label: <span data-testid="portal-nav-home">{t('portal.home')}</span> },
    ...PORTAL_SECTIONS.filter((s) => can(granted, s.codes)).map((s) => ({
      key: `/portal/${s.path}`,
      label: <span data-testid={`portal-nav-${s.path}`}>{t(s.titleKey)}</span>,
    })),
    ...(can(granted, ['zs-pc']) ? [{ key: '/student-center', label: <span data-testid="portal-nav-mine">{t('portal.mine')}</span> }] : []),
  ];
  const active =
    items
      .map((i) => i.key)
      .filter((k) => pathname === k || pathname.startsWith(`${k}/`))
      .pop() ?? '/portal';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader nav={<Menu theme="dark" mode="horizontal" data-testid="portal-menu" selectedKeys={[active]} items={items} onClick={({ key }) => void navigate(key)} />} />
      <Layout.Content className="hl-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
