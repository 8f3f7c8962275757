import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Progress, Result, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAnswered, type AnswerValue, type PracticeSession } from '@hanlin/shared';
import { useFeedback } from '../../../platform/feedback';
import { answerPractice, finishPractice, getPracticeSession } from '../portal-api';
import { AnswerInput, FeedbackView, QuestionStem } from './AnswerInput';

const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/**
 * One practice session, question by question: each answer is marked by the server at once (right or
 * wrong, the right answer, the analysis); the time limit is the server's; a summary at the end.
 */
export function PracticeSessionView({ sessionId, onClose }: { sessionId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const qc = useQueryClient();
  const key = ['practice-session', sessionId];
  const q = useQuery({ queryKey: key, queryFn: () => getPracticeSession({ sessionId }) });
  const [index, setIndex] = useState(0);
  const [draft, setDraft] = useState<Record<number, AnswerValue>>({});
  const [startedAt] = useState(() => Date.now());
  // Re-render every second: the clock counts down from the server's remaining seconds.
  const [, setTick] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setTick((x) => x + 1), 1000);
    return () => clearInterval(id);
  }, []);
  const s = q.data;
  const remaining = s ? Math.max(0, s.remainingSeconds - Math.floor((Date.now() - (q.dataUpdatedAt || startedAt)) / 1000)) : 0;
  const answer = useMutation({
    mutationFn: (v: { position: number; answer: AnswerValue }) => answerPractice({ sessionId, ...v }),
    onSuccess: (r) =>
      qc.setQueryData<PracticeSession>(key, (old) =>
        old
          ? {
              ...old,
              summary: r.summary,
              questions: old.questions.map((x) => (x.position === r.position ? { ...x, answer: draft[r.position] ?? x.answer, feedback: r.feedback } : x)),
            }
          : old,
      ),
    onError: () => void q.refetch(),
  });
  const finish = useMutation({
    mutationFn: () => finishPractice({ sessionId }),
    onSuccess: (r) => qc.setQueryData(key, r),
  });
  useEffect(() => {
    if (s && !s.finished && remaining === 0) {
      message.warning(t('practice.timeOver'));
      finish.mutate();
    }
    // Only when the clock reaches 0.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [remaining === 0, s?.finished]);

  if (!s) return <Card loading />;
  const over = s.finished || remaining === 0;
  if (over && finish.isSuccess) {
    const sum = s.summary;
    return (
      <Card data-testid="practice-summary">
        <Result
          status="success"
          title={t('practice.summaryTitle', { name: s.exerciseName })}
          subTitle={t('practice.summary', { correct: sum.correct, wrong: sum.wrong, unmarked: sum.unmarked, questions: sum.questions, score: sum.score, total: sum.total })}
          extra={
            <Button type="primary" onClick={onClose} data-testid="practice-back">
              {t('practice.back')}
            </Button>
          }
        />
      </Card>
    );
  }
  const cur = s.questions[Math.min(index, s.questions.length - 1)];
  const value = draft[cur.position] ?? cur.answer ?? {};
  const done = s.summary.answered;
  const askFinish = () => {
    const left = s.questions.length - done;
    if (left <= 0 || over) return finish.mutate();
    modal.confirm({
      title: t('practice.finishConfirm', { name: s.exerciseName, left }),
      okText: t('practice.finish'),
      okButtonProps: { danger: true, 'data-testid': 'practice-finish-ok' },
      onOk: () => finish.mutateAsync(),
    });
  };
  return (
    <Card
      data-testid="practice-session"
      styles={{ body: { padding: 12 } }}
      title={
        <Typography.Text ellipsis style={{ maxWidth: '60vw' }}>
          {s.exerciseName}
        </Typography.Text>
      }
      extra={<Statistic value={clock(remaining)} valueStyle={{ fontSize: 16, color: remaining < 60 ? '#cf1322' : undefined }} data-testid="practice-clock" />}
    >
      <Progress percent={Math.round((done / s.questions.length) * 100)} size="small" format={() => `${done}/${s.questions.length}`} />
      <div style={{ margin: '12px 0' }}>
        <QuestionStem q={cur} index={index + 1} />
        <div style={{ marginTop: 8 }}>
          <AnswerInput q={cur} value={value} disabled={!!cur.feedback || over} onChange={(v) => setDraft((d) => ({ ...d, [cur.position]: v }))} />
        </div>
        {cur.feedback && <FeedbackView feedback={cur.feedback} q={cur} />}
      </div>
      <Space wrap>
        <Button disabled={index === 0} onClick={() => setIndex(index - 1)} data-testid="practice-prev">
          {t('practice.prev')}
        </Button>
        {!cur.feedback && (
          <Button
            type="primary"
            disabled={!isAnswered(value) || over}
            loading={answer.isPending}
            onClick={() => answer.mutate({ position: cur.position, answer: value })}
            data-testid="practice-submit-answer"
          >
            {t('practice.check')}
          </Button>
        )}
        {index < s.questions.length - 1 && (
          <Button onClick={() => setIndex(index + 1)} data-testid="practice-next">
            {t('practice.next')}
          </Button>
        )}
        {/* Finishing is always at hand; with questions left unanswered it asks first. */}
        <Button danger loading={finish.isPending} onClick={askFinish} data-testid="practice-finish">
          {t('practice.finish')}
        </Button>
      </Space>
      <div style={{ marginTop: 12, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {s.questions.map((x, i) => (
          <Tag
            key={x.position}
            color={x.feedback ? (x.feedback.correct === false ? 'red' : x.feedback.correct ? 'green' : 'blue') : i === index ? 'processing' : 'default'}
            style={{ cursor: 'pointer', margin: 0 }}
            onClick={() => setIndex(i)}
          >
            {i + 1}
          </Tag>
        ))}
      </div>
    </Card>
  );
}
