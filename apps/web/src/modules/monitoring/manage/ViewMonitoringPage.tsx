import { Button, Card, Image, Progress, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ExamineeRow } from '@hanlin/shared';
import { usePageTitle } from '../../../platform/page-title';
import { ExamCounts, ExamineeFilters, StateTag, clock } from './ExamineeParts';
import { useExaminees } from './useExaminees';

/** `view-monitoring`: one exam's examinees, live (polled): state, leave count, progress, time left, latest photo. */
export default function ViewMonitoringPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ctl = useExaminees(20);
  const data = ctl.q.data;
  usePageTitle(data ? `${t('page.view-monitoring')} · ${data.exam.name}` : t('page.view-monitoring'));
  return (
    <Card
      data-testid="view-monitoring-page"
      title={data?.exam.name}
      extra={
        <Button onClick={() => void navigate(`/dashboard/monitoring-screen-detail?id=${ctl.examId}`)} data-testid="monitoring-to-screen">
          {t('monitoring.screen')}
        </Button>
      }
    >
      <ExamCounts page={data} />
      <ExamineeFilters ctl={ctl} />
      <Table<ExamineeRow>
        rowKey="userId"
        size="small"
        loading={ctl.q.isLoading}
        dataSource={data?.records ?? []}
        scroll={{ x: 900 }}
        pagination={{ current: ctl.page, pageSize: 20, total: data?.total ?? 0, onChange: ctl.setPage, showSizeChanger: false }}
        columns={[
          {
            key: 'photo',
            title: t('monitoring.photo'),
            width: 88,
            render: (_, r) => (r.photoUrl ? <Image src={r.photoUrl} width={72} height={54} style={{ objectFit: 'cover' }} alt="" /> : '—'),
          },
          { key: 'realname', title: t('monitoring.name'), render: (_, r) => `${r.realname} (${r.username})` },
          { key: 'orgName', title: t('monitoring.org'), dataIndex: 'orgName' },
          { key: 'state', title: t('common.status'), render: (_, r) => <StateTag state={r.state} /> },
          { key: 'leaveCount', title: t('monitoring.leaveCount'), dataIndex: 'leaveCount' },
          {
            key: 'progress',
            title: t('monitoring.progress'),
            render: (_, r) =>
              r.questions ? <Progress size="small" percent={Math.round((r.answered / r.questions) * 100)} format={() => `${r.answered}/${r.questions}`} /> : '—',
          },
          { key: 'remaining', title: t('monitoring.remaining'), render: (_, r) => clock(r.remainingSeconds) },
          {
            key: 'ops',
            title: t('common.actions'),
            render: (_, r) =>
              r.attemptId ? (
                <Button type="link" size="small" data-testid="monitoring-photos" onClick={() => void navigate(`/dashboard/user-monitoring-photo?attemptId=${r.attemptId}`)}>
                  {t('monitoring.photos', { count: r.photoCount })}
                </Button>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
