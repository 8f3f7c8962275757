import { Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { can } from '../../platform/permission';
import { useSession } from '../../platform/session';
import { AppHeader } from '../header/AppHeader';

export interface EndItem {
  path: string;
  titleKey: string;
  codes: readonly string[];
}

/** Shell of the lecturer and class-teacher ends: shared header with the end's own menu. */
export function EndLayout({ base, items, testId }: { base: string; items: readonly EndItem[]; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const granted = useSession((s) => s.operateAuth);
  const menu = items
    .filter((i) => can(granted, i.codes))
    .map((i) => ({ key: i.path ? `${base}/${i.path}` : base, label: <span data-testid={`${testId}-${i.path || 'home'}`}>{t(i.titleKey)}</span> }));
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader
        home={base}
        nav={<Menu theme="dark" mode="horizontal" data-testid={testId} selectedKeys={[pathname]} items={menu} onClick={({ key }) => void navigate(key)} />}
      />
      <Layout.Content className="hl-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
