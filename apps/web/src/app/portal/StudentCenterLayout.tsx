import { useState } from 'react';
import { MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LazyNavDrawer } from './LazyNavDrawer';
import { STUDENT_CENTER_SECTIONS } from '../routes/portal-paths';

/** Student center: a side menu on wide screens, a drawer behind a button below 768 px. */
export default function StudentCenterLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  const current = pathname.split('/')[2] ?? '';
  const items = [
    ...STUDENT_CENTER_SECTIONS.map((s) => ({ key: s.path, label: t(s.titleKey) })),
    { key: '__profile', label: t('center.profile') },
    { key: '__avatar', label: t('center.avatar') },
    { key: '__password', label: t('center.password') },
  ];
  const go = (key: string) => {
    if (key === '__profile') void navigate('/center/person-center/profile');
    else if (key === '__avatar') void navigate('/center/person-center/avatar-set');
    else if (key === '__password') void navigate('/center/person-center/password-set');
    else void navigate(`/student-center/${key}`);
  };
  const currentTitle = STUDENT_CENTER_SECTIONS.find((s) => s.path === current)?.titleKey;
  return (
    <Layout style={{ background: 'transparent' }}>
      <Layout.Sider width={200} theme="light" className="hl-center-sider">
        <Menu mode="inline" data-testid="student-center-menu" selectedKeys={[current]} items={items} onClick={({ key }) => go(key)} />
      </Layout.Sider>
      <Layout.Content className="hl-center-content">
        <Button className="hl-center-menu-button" icon={<MenuUnfoldOutlined />} data-testid="student-center-menu-button" onClick={() => setDrawer(true)}>
          {currentTitle ? t(currentTitle) : t('portal.mine')}
        </Button>
        <Outlet />
      </Layout.Content>
      <LazyNavDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        title={t('portal.mine')}
        items={items.map((i) => ({ ...i, label: <span data-testid={`center-drawer-${i.key}`}>{i.label}</span> }))}
        selectedKeys={[current]}
        onSelect={go}
        testId="student-center-drawer"
      />
    </Layout>
  );
}
