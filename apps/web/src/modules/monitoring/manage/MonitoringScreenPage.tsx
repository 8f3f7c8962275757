import { Button, Card, Col, Empty, Image, Pagination, Row, Spin, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../../platform/page-title';
import { ExamCounts, ExamineeFilters, StateTag, clock } from './ExamineeParts';
import { useExaminees } from './useExaminees';

const SIZE = 24;

/** `monitoring-screen-detail`: the "screen", a grid of every examinee's latest photo with state, progress and time left, live. */
export default function MonitoringScreenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ctl = useExaminees(SIZE);
  const data = ctl.q.data;
  usePageTitle(data ? `${t('page.monitoring-screen-detail')} · ${data.exam.name}` : t('page.monitoring-screen-detail'));
  return (
    <Card data-testid="monitoring-screen-page" title={data?.exam.name}>
      <ExamCounts page={data} />
      <ExamineeFilters ctl={ctl} />
      {ctl.q.isLoading ? (
        <Spin style={{ display: 'block', margin: 48 }} data-testid="screen-loading" />
      ) : !data?.records.length ? (
        <Empty />
      ) : (
        <Row gutter={[12, 12]}>
          {data.records.map((r) => (
            <Col key={r.userId} xs={12} sm={8} md={6} lg={4}>
              <Card
                size="small"
                data-testid="screen-tile"
                cover={
                  r.photoUrl ? (
                    <Image src={r.photoUrl} height={120} style={{ objectFit: 'cover' }} alt="" />
                  ) : (
                    <div style={{ height: 120, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f5f5f5' }}>
                      <CameraOutlined style={{ fontSize: 28, color: '#bbb' }} />
                    </div>
                  )
                }
              >
                <Typography.Text strong ellipsis style={{ display: 'block' }}>
                  {r.realname}
                </Typography.Text>
                <StateTag state={r.state} />
                <div style={{ fontSize: 12, color: '#666' }}>
                  {r.questions ? `${r.answered}/${r.questions}` : '—'} · {clock(r.remainingSeconds)} · {t('monitoring.leaves', { count: r.leaveCount })}
                </div>
                {r.attemptId && (
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => void navigate(`/dashboard/user-monitoring-photo?attemptId=${r.attemptId}`)}>
                    {t('monitoring.photos', { count: r.photoCount })}
                  </Button>
                )}
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {(data?.total ?? 0) > SIZE && <Pagination size="small" current={ctl.page} pageSize={SIZE} total={data?.total ?? 0} onChange={ctl.setPage} style={{ marginTop: 12 }} />}
    </Card>
  );
}
