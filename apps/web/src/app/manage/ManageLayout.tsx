import { useMemo, useState } from 'react';
import { Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../platform/session';
import { AppHeader } from '../header/AppHeader';
import { buildManageMenu } from './manage-menu';
import { ManageTabs } from './ManageTabs';

/** Management end: shared header, permission-filtered menu, page tabs. */
export default function ManageLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const granted = useSession((s) => s.operateAuth);
  const { items, groupOf } = useMemo(() => buildManageMenu(granted, t), [granted, t]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (groupOf[pathname] ? [groupOf[pathname]] : []));
  const selected = pathname.replace(/^(\/dashboard\/[^/?]+).*/, '$1');
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader home="/dashboard" />
      <Layout>
        <Layout.Sider width={220} theme="light" breakpoint="lg" collapsedWidth={0}>
          <Menu
            mode="inline"
            data-testid="manage-menu"
            items={items}
            selectedKeys={[selected]}
            openKeys={openKeys}
            onOpenChange={setOpenKeys}
            onClick={({ key }) => void navigate(key)}
            style={{ height: '100%', borderInlineEnd: 0 }}
          />
        </Layout.Sider>
        <Layout.Content className="hl-content">
          <ManageTabs />
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
