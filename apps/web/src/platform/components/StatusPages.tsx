import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** An error page: the status, its text and one way out (back, or home). */
function StatusPage({ status, textKey, exit }: { status: '403' | '404'; textKey: string; exit: 'back' | 'home' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(textKey)}
      data-testid={`page-${status}`}
      extra={
        <Button type="primary" onClick={() => (exit === 'back' ? navigate(-1) : navigate('/'))}>
          {t(exit === 'back' ? 'common.back' : 'common.home')}
        </Button>
      }
    />
  );
}

/** A real 403 page for routes the user's codes do not open. */
export const Forbidden = () => <StatusPage status="403" textKey="status.forbidden" exit="back" />;

export const NotFound = () => <StatusPage status="404" textKey="status.notFound" exit="home" />;

/** Placeholder for pages whose issues have not landed yet. */
export function ComingSoon({ titleKey }: { titleKey?: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={titleKey ? t(titleKey) : undefined} subTitle={t('status.comingSoon')} data-testid="page-coming-soon" />;
}
