import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, Space, Spin, Tag } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXAM_LIFECYCLE, type ExamDetail } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { LifecycleTag } from '../../../platform/lifecycle';
import { getExamById } from '../api';

function Settings({ e }: { e: ExamDetail }) {
  const { t } = useTranslation();
  const yes = (v: boolean) => t(v ? 'exam.yes' : 'exam.no');
  return (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="exam-detail">
      <Descriptions.Item label={t('exam.name')}>{e.name}</Descriptions.Item>
      <Descriptions.Item label={t('common.status')}>
        <LifecycleTag lifecycle={EXAM_LIFECYCLE} state={e.status} testId={`exam-detail-status-${e.status}`} />
      </Descriptions.Item>
      <Descriptions.Item label={t('exam.category.name')}>{e.categoryName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('exam.org')}>{e.orgName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('exam.startAt')}>{formatTime(e.startAt)}</Descriptions.Item>
      <Descriptions.Item label={t('exam.endAt')}>{formatTime(e.endAt)}</Descriptions.Item>
      <Descriptions.Item label={t('exam.durationMinutes')}>{e.duration}</Descriptions.Item>
      <Descriptions.Item label={t('exam.attempts')}>{e.attempts}</Descriptions.Item>
      <Descriptions.Item label={t('exam.total')}>{e.total}</Descriptions.Item>
      <Descriptions.Item label={t('exam.passPercent')}>{e.passPercent}%</Descriptions.Item>
      <Descriptions.Item label={t('exam.paper')}>
        {e.paper ? (
          <>
            {e.paper.name} · {t(`exam.paperKind_${e.paper.kind}`)} · {t('exam.paperFacts', { total: e.paper.total, count: e.paper.questionCount })}
            {e.paper.usable ? null : <Tag color="red">{t('exam.paperUnusable')}</Tag>}
          </>
        ) : (
          <Tag color="red">{t('exam.paperUnusable')}</Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('exam.answerMode')}>{t(`exam.answerMode_${e.answerMode}`)}</Descriptions.Item>
      <Descriptions.Item label={t('exam.countdownMode')}>{t(`exam.countdownMode_${e.countdownMode}`)}</Descriptions.Item>
      <Descriptions.Item label={t('exam.photoInterval')}>{e.photoInterval || t('exam.no')}</Descriptions.Item>
      <Descriptions.Item label={t('exam.markingMode')}>{t(`exam.markingMode_${e.markingMode}`)}</Descriptions.Item>
      <Descriptions.Item label={t('exam.reviewers')}>{e.reviewers.map((r) => r.name ?? `#${r.id}`).join(', ') || '-'}</Descriptions.Item>
      <Descriptions.Item label={t('exam.antiCheat')}>{e.antiCheat ? t('exam.leaveLimitText', { n: e.leaveLimit }) : t('exam.no')}</Descriptions.Item>
      <Descriptions.Item label={t('exam.scoreDisplay')}>{t(`exam.scoreDisplay_${e.scoreDisplay}`)}</Descriptions.Item>
      <Descriptions.Item label={t('exam.showAnswers')}>{yes(e.showAnswers)}</Descriptions.Item>
      <Descriptions.Item label={t('exam.showRanking')}>{yes(e.showRanking)}</Descriptions.Item>
      <Descriptions.Item label={t('exam.certificate')}>{e.certificateName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('exam.publishedAt')}>{e.publishedAt ? formatTime(e.publishedAt) : '-'}</Descriptions.Item>
      <Descriptions.Item label={t('exam.audience')} span={2}>
        {e.audience.length ? e.audience.map((a) => <Tag key={`${a.type}:${a.id}`}>{`${t(`exam.target_${a.type}`)}: ${a.name ?? `#${a.id}`}`}</Tag>) : '-'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** `manage-test-detail?id=`: every setting of one exam, its state by the clock, and edit when the exam allows it. */
export default function ExamDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useQuery({ queryKey: ['exams', 'one', id], queryFn: () => getExamById({ id }), enabled: id > 0 });
  return (
    <Card
      title={t('page.manage-test-detail')}
      data-testid="exam-detail-page"
      extra={
        <Space>
          <Button onClick={() => void navigate('/dashboard/manage-test')}>{t('common.back')}</Button>
          {q.data?.abilities.modify ? (
            <Button type="primary" data-testid="exam-detail-edit" onClick={() => void navigate(`/dashboard/add-test?id=${id}`)}>
              {t('common.edit')}
            </Button>
          ) : null}
        </Space>
      }
    >
      {q.isLoading ? <Spin /> : q.data ? <Settings e={q.data} /> : <Empty />}
    </Card>
  );
}
