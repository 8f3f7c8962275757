import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, List, Result, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { attemptAwaitsMarks, attemptSubmitted, type AttemptResult } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { formatTime } from '../../../platform/format';
import { examTaking } from '../portal-api';
import type { ResultPageState } from './AnswerSheet';
import { MY_EXAMS_PATH } from './AnswerSheetPage';
import { answerReviewPath, examRankingPath } from './result-routes';

/** The score line of an attempt: the score and pass when shown, otherwise why not yet. */
export function ScoreText({ r }: { r: AttemptResult }) {
  const { t } = useTranslation();
  if (!attemptSubmitted(r)) return <Typography.Text type="secondary">{t('examTaking.submitting')}</Typography.Text>;
  if (r.score == null) return <Typography.Text type="secondary">{attemptAwaitsMarks(r) ? t('examTaking.awaitingMarking') : t('examTaking.awaitingPublish')}</Typography.Text>;
  return (
    <Space size={4} wrap>
      <Typography.Text strong>{t('examTaking.scoreOf', { score: r.score, total: r.total })}</Typography.Text>
      {r.passed != null && <Tag color={r.passed ? 'green' : 'red'}>{t(r.passed ? 'examTaking.passed' : 'examTaking.failed')}</Tag>}
    </Space>
  );
}

/**
 * /portal/exam/:examId/result?attempt=: the attempt just submitted (or the latest): score and pass
 * when the exam shows them, otherwise "submitted, score after marking / publishing"; attempts left;
 * the earlier attempts below. While the server has not yet submitted (deadline) it asks again.
 */
export default function ExamResultPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const examId = Number(useParams().examId);
  const [search] = useSearchParams();
  const wanted = Number(search.get('attempt')) || null;
  const state = (useLocation().state as ResultPageState | null) ?? {};
  const q = useQuery({
    queryKey: ['exam-attempt-results', examId],
    queryFn: () => examTaking.results(examId),
    refetchInterval: (query) => {
      const list = query.state.data;
      const r = list?.find((a) => a.attemptId === wanted) ?? list?.[0];
      return r && !attemptSubmitted(r) && query.state.dataUpdateCount < 40 ? 3000 : false;
    },
  });
  const list = q.data ?? [];
  const r = list.find((a) => a.attemptId === wanted) ?? (state.result && (!wanted || state.result.attemptId === wanted) ? state.result : undefined) ?? list[0];
  const notice = state.notice ?? (r?.submittedBy === 'leaveLimit' ? 'leaveLimit' : r?.submittedBy === 'deadline' ? 'timeUp' : undefined);

  if (!r) {
    if (q.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
    if (q.error)
      return (
        <Result
          status="warning"
          title={q.error instanceof ApiError ? q.error.text : String(q.error)}
          extra={<Button onClick={() => void q.refetch()}>{t('examTaking.retry')}</Button>}
        />
      );
    return <Result status="info" title={t('examTaking.noResults')} />;
  }
  const submitted = attemptSubmitted(r);
  const status = !submitted ? 'info' : r.passed === true ? 'success' : r.passed === false ? 'warning' : 'info';
  return (
    <Card data-testid="exam-result" styles={{ body: { padding: 12 } }} style={{ maxWidth: 800, margin: '0 auto' }}>
      {notice && (
        <Alert
          type={notice === 'leaveLimit' ? 'error' : 'warning'}
          showIcon
          title={t(`examTaking.notice_${notice}`)}
          style={{ marginBottom: 12 }}
          data-testid={`result-notice-${notice}`}
        />
      )}
      <Result
        status={status}
        icon={submitted ? undefined : <Spin size="large" />}
        title={<span data-testid="result-title">{r.examName}</span>}
        subTitle={
          <span data-testid="result-score">
            <ScoreText r={r} />
          </span>
        }
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button type="primary" onClick={() => void navigate(MY_EXAMS_PATH)} data-testid="back-to-my-exams">
              {t('examTaking.backToMyExams')}
            </Button>
            {submitted && r.reviewOpen && (
              <Button onClick={() => void navigate(answerReviewPath(r.attemptId))} data-testid="result-review">
                {t('examResults.reviewTitle')}
              </Button>
            )}
            {submitted && r.rankingOpen && (
              <Button onClick={() => void navigate(examRankingPath(r.examId))} data-testid="result-ranking">
                {t('examResults.rankingTitle')}
              </Button>
            )}
          </Space>
        }
        style={{ padding: '16px 0' }}
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('examTaking.attemptNo')}>{r.number}</Descriptions.Item>
        <Descriptions.Item label={t('examTaking.submittedAt')}>{formatTime(r.submittedAt) || '—'}</Descriptions.Item>
        {r.submittedBy && <Descriptions.Item label={t('examTaking.submittedByLabel')}>{t(`examTaking.by_${r.submittedBy}`)}</Descriptions.Item>}
        <Descriptions.Item label={t('examTaking.attemptsLeft')}>
          <span data-testid="attempts-left">{r.attemptsLeft}</span>
        </Descriptions.Item>
      </Descriptions>
      {list.length > 1 && (
        <List
          style={{ marginTop: 12 }}
          header={<Typography.Text strong>{t('examTaking.allAttempts')}</Typography.Text>}
          dataSource={list}
          rowKey="attemptId"
          renderItem={(a) => (
            <List.Item style={{ flexWrap: 'wrap', gap: 8 }} data-testid="attempt-row">
              <span>
                {t('examTaking.attemptN', { n: a.number })} · {formatTime(a.submittedAt ?? a.startedAt)}
              </span>
              <ScoreText r={a} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
