import { Layout } from 'antd';
import { Outlet } from 'react-router';
import { AppHeader } from '../header/AppHeader';
import { usePortalNav } from './usePortalNav';

/** Student portal: the header with the portal's sections (a drawer below 768 px) over the page. */
export default function PortalLayout() {
  const { menuButton, nav, drawer } = usePortalNav();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader menuButton={menuButton} nav={nav} />
      {drawer}
      <Layout.Content className="hl-content">
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
