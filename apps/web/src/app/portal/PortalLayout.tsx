import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AppHeader } from '../header/AppHeader';
import { usePortalNav } from './usePortalNav';

/** The portal's frame: the header with the portal's sections (a drawer below 768 px) over the content. */
export function PortalShell({ children }: { children: ReactNode }) {
  const { menuButton, nav, drawer } = usePortalNav();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader menuButton={menuButton} nav={nav} />
      {drawer}
      <Layout.Content className="hl-content">{children}</Layout.Content>
    </Layout>
  );
}

/** Student portal: the portal's frame over the page. */
export default function PortalLayout() {
  return (
    <PortalShell>
      <Outlet />
    </PortalShell>
  );
}
