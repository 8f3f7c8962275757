import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A real 403 page for routes the user's codes do not open. */
export function Forbidden() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('status.forbidden')}
      data-testid="page-403"
      extra={
        <Button type="primary" onClick={() => navigate(-1)}>
          {t('common.back')}
        </Button>
      }
    />
  );
}

export function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('status.notFound')}
      data-testid="page-404"
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('common.home')}
        </Button>
      }
    />
  );
}

/** Placeholder for pages whose issues have not landed yet. */
export function ComingSoon({ titleKey }: { titleKey?: string }) {
  const { t } = useTranslation();
  return <Result status="info" title={titleKey ? t(titleKey) : undefined} subTitle={t('status.comingSoon')} data-testid="page-coming-soon" />;
}
