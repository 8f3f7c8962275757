import { useState } from 'react';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { can } from '../../platform/permission';
import { useSession } from '../../platform/session';
import { LazyNavDrawer } from './LazyNavDrawer';
import { PORTAL_SECTIONS } from '../routes/portal-paths';

/**
 * The portal's sections as the header shows them: home, courses (kc-pc), training, knowledge and mine
 * (zs-pc) in a horizontal menu, and below 768 px a menu button opening the same sections in a drawer.
 * The portal and the person centre use it, so a phone reaches every section from both.
 */
export function usePortalNav() {
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
  const active = sections
    .map((i) => i.key)
    .filter((k) => pathname === k || pathname.startsWith(`${k}/`))
    .pop();
  const selected = active ? [active] : [];
  const go = (key: string) => void navigate(key);
  return {
    menuButton: (
      <Button type="text" className="hl-menu-button" icon={<MenuOutlined />} aria-label={t('portal.menu')} data-testid="portal-menu-button" onClick={() => setDrawer(true)} />
    ),
    nav: <Menu theme="dark" mode="horizontal" data-testid="portal-menu" selectedKeys={selected} items={itemsFor('portal-nav')} onClick={({ key }) => go(key)} />,
    drawer: (
      <LazyNavDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        title={t('app.title')}
        items={itemsFor('portal-drawer')}
        selectedKeys={selected}
        onSelect={go}
        testId="portal-drawer"
      />
    ),
  };
}
