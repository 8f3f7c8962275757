import { useState } from 'react';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { can } from '../../platform/permission';
import { useSession } from '../../platform/session';
import { LazyNavDrawer } from './LazyNavDrawer';
import { AppHeader } from '../header/AppHeader';
import { PORTAL_SECTIONS } from '../routes/portal-paths';

/**
 * Student portal: header with home, courses (kc-pc), training, knowledge and mine (zs-pc). Below
 * 768 px the horizontal menu gives way to a menu button opening the same sections in a drawer.
 */
export default function PortalLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const granted = useSession((s) => s.operateAuth);
  const [drawer, setDrawer] = useState(false);
  const sections = [
    { key: '/portal', testId: 'home', label: t('portal.home') },
    ...PORTAL_SECTIONS.filter((s) => can(granted, s.codes)).map((s) => ({ key: `/portal/${s.path}`, testId: s.path, label: t(s.titleKey) })),
    ...(can(granted, ['zs-pc']) ? [{ key: '/student-center', testId: 'mine', label: t('portal.mine') }] : []),
  ];
  const itemsFor = (prefix: string) => sections.map((s) => ({ key: s.key, label: <span data-testid={`${prefix}-${s.testId}`}>{s.label}</span> }));
  const active =
    sections
      .map((i) => i.key)
      .filter((k) => pathname === k || pathname.startsWith(`${k}/`))
      .pop() ?? '/portal';
  const go = (key: string) => void navigate(key);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader
        menuButton={
          <Button
            type="text"
            className="hl-menu-button"
            icon={<MenuOutlined />}
            aria-label={t('portal.menu')}
            data-testid="portal-menu-button"
            onClick={() => setDrawer(true)}
          />
        }
        nav={<Menu theme="dark" mode="horizontal" data-testid="portal-menu" selectedKeys={[active]} items={itemsFor('portal-nav')} onClick={({ key }) => go(key)} />}
      />
      <LazyNavDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        title={t('app.title')}
        items={itemsFor('portal-drawer')}
        selectedKeys={[active]}
        onSelect={go}
        testId="portal-drawer"
      />
      <Layout.Content className="hl-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
