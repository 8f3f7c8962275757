import { Layout, Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { STUDENT_CENTER_SECTIONS } from '../routes/portal-paths';

export default function StudentCenterLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = pathname.split('/')[2] ?? '';
  return (
    <Layout style={{ background: 'transparent' }}>
      <Layout.Sider width={200} theme="light" breakpoint="md" collapsedWidth={0}>
        <Menu
          mode="inline"
          data-testid="student-center-menu"
          selectedKeys={[current]}
          items={[
            ...STUDENT_CENTER_SECTIONS.map((s) => ({ key: s.path, label: t(s.titleKey) })),
            { key: '__avatar', label: t('center.avatar') },
            { key: '__password', label: t('center.password') },
          ]}
          onClick={({ key }) => {
            if (key === '__avatar') void navigate('/center/person-center/avatar-set');
            else if (key === '__password') void navigate('/center/person-center/password-set');
            else void navigate(`/student-center/${key}`);
          }}
        />
      </Layout.Sider>
      <Layout.Content style={{ paddingLeft: 16 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
