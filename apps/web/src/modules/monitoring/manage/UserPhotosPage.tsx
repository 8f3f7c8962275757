import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Image, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatTime } from '../../../platform/format';
import { usePageTitle } from '../../../platform/page-title';
import { getAttemptPhotos } from '../api';
import { MONITORING_POLL_MS } from './useExaminees';

/** `user-monitoring-photo`: every camera photo of one examinee's attempt, in time order, with its time. */
export default function UserPhotosPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const attemptId = Number(params.get('attemptId')) || 0;
  const q = useQuery({
    queryKey: ['monitoring', 'photos', attemptId],
    queryFn: () => getAttemptPhotos({ attemptId }),
    enabled: attemptId > 0,
    refetchInterval: MONITORING_POLL_MS,
  });
  const d = q.data;
  usePageTitle(d ? `${d.realname} · ${d.examName}` : t('page.user-monitoring-photo'));
  return (
    <Card loading={q.isLoading} data-testid="user-photos-page" title={d ? `${d.realname} (${d.username}) · ${d.examName}` : undefined}>
      {!d?.photos.length ? (
        <Empty description={t('monitoring.noPhotos')} />
      ) : (
        <Image.PreviewGroup>
          <Row gutter={[12, 12]}>
            {d.photos.map((p) => (
              <Col key={p.id} xs={12} sm={8} md={6} lg={4}>
                <Image src={p.url} alt="" style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }} />
                <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="photo-time">
                  {formatTime(p.takenAt)}
                </Typography.Text>
              </Col>
            ))}
          </Row>
        </Image.PreviewGroup>
      )}
    </Card>
  );
}
