import { Layout } from 'antd';
import { Outlet } from 'react-router';

/**
 * The answer sheet's frame: the exam alone, without the portal's header and sections (a link there would only lead
 * away from the exam). The sheet's own bar carries the exam's name, the countdown on the server's time and submit.
 */
export default function ExamLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="exam-layout">
      <Layout.Content>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
