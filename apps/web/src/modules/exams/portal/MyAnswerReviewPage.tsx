import { Card, Space, Spin, Tag, Typography } from 'antd';
import { attemptAwaitsMarks } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../platform/format';
import { PaperView } from '../components/PaperView';
import { getMyReview } from '../results-api';
import { ResultUnavailable, useOwnResult } from './own-results';

/** Student center: the review of my own submitted attempt (when the exam shows answers); scores as the exam's score display allows. Fits 390 px. */
export default function MyAnswerReviewPage() {
  const { t } = useTranslation();
  const q = useOwnResult('attemptId', 'my-review', getMyReview);
  if (q.isLoading) return <Spin />;
  if (!q.data) return <ResultUnavailable error={q.error} hiddenKey="examResults.reviewHidden" testId="my-review-hidden" />;
  const p = q.data;
  return (
    <Card title={p.examName} data-testid="my-review-page" styles={{ body: { padding: 12 } }}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('examResults.submittedAt', { time: formatTime(p.submittedAt) })}</Typography.Text>
        {p.score != null ? (
          <Tag color={p.passed ? 'green' : 'red'} data-testid="my-review-score">
            {t('examResults.scoreOf', { score: p.score })} / {p.total} · {t(p.passed ? 'examResults.passed' : 'examResults.failed')}
          </Tag>
        ) : (
          <Tag data-testid="my-review-score-hidden">{attemptAwaitsMarks(p) ? t('examResults.marking') : t('examResults.scoreHidden')}</Tag>
        )}
      </Space>
      <PaperView paper={p} />
    </Card>
  );
}
