import { useQuery } from '@tanstack/react-query';
import { Button, Card, Spin, Typography } from 'antd';
import { RichTextView } from '../../../platform/components/RichTextView';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatTime } from '../../../platform/format';
import { getNoticeDetail } from '../api';

export default function NoticeDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const q = useQuery({ queryKey: ['notice', 'detail', id], queryFn: () => getNoticeDetail({ id }), enabled: id > 0 });
  if (q.isLoading) return <Spin />;
  const n = q.data;
  return (
    <Card data-testid="portal-notice-detail" title={n?.title} extra={<Button onClick={() => void navigate(-1)}>{t('common.back')}</Button>}>
      {n ? (
        <>
          <Typography.Text type="secondary">{formatTime(n.displayTime)}</Typography.Text>
          {n.coverUrl ? <img src={n.coverUrl} alt="" style={{ display: 'block', maxWidth: '100%', margin: '16px 0' }} /> : null}
          <RichTextView html={n.content} testId="portal-notice-content" />
        </>
      ) : null}
    </Card>
  );
}
