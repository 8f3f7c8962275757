import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ExamStatus, MyExamRow } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { useFeedback } from '../../../platform/feedback';
import { formatTime } from '../../../platform/format';
import { examTaking } from '../portal-api';

export const attemptPath = (examId: number, attemptId: number) => `/portal/exam/${examId}/attempt/${attemptId}`;

/** What a row offering no action says, by its state at the server's time (open but no attempts left otherwise). */
const CLOSED_AS: Partial<Record<ExamStatus, 'notOpen' | 'ended'>> = { published: 'notOpen', ended: 'ended' };

/**
 * The actions and facts of one of my exams: Continue (an attempt in progress), Start (attempts
 * left while open, after a confirmation naming the duration, attempts left and the monitoring
 * rules), Results (once attempted), attempts used/allowed, the latest score or "awaiting marking".
 */
export function ExamActions({ exam: e }: { exam: MyExamRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = useFeedback();
  const [starting, setStarting] = useState(false);
  // The server's state and abilities at its own time: a device clock that is off shows nothing else.
  const left = e.attemptsLeft;
  const closedAs = CLOSED_AS[e.status] ?? 'noAttempts';
  const ongoing = e.ongoingAttemptId;

  const start = async () => {
    setStarting(true);
    try {
      const sheet = await examTaking.start(e.id);
      void navigate(attemptPath(e.id, sheet.attemptId), { state: { sheet } });
    } catch (err) {
      setStarting(false);
      message.error(err instanceof ApiError ? err.text : String(err));
    }
  };
  const askStart = () =>
    modal.confirm({
      title: t('examTaking.startTitle', { name: e.name }),
      content: (
        <div data-testid="start-confirm-content">
          <p>{t('examTaking.startFacts', { duration: e.duration, total: e.total, pass: e.passPercent })}</p>
          <p>{t('examTaking.startAttempts', { left, allowed: e.attemptsAllowed })}</p>
          <p>{t('examTaking.startEnd', { end: formatTime(e.myEndAt) })}</p>
          <p>{t('examTaking.startAntiCheat')}</p>
          <p>{t('examTaking.startCamera')}</p>
        </div>
      ),
      okText: t('examTaking.start'),
      okButtonProps: { 'data-testid': 'start-confirm-ok' },
      onOk: start,
    });

  return (
    <Space orientation="vertical" size={4} style={{ alignItems: 'flex-end', flex: '0 1 auto', marginInlineStart: 'auto' }} data-testid="my-exam-actions">
      <Space size={4} wrap style={{ justifyContent: 'flex-end' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="my-exam-attempts">
          {t('examTaking.attemptsUsed', { used: e.attemptsUsed, allowed: e.attemptsAllowed })}
        </Typography.Text>
        {e.lastMarking ? (
          <Tag color="orange" data-testid="my-exam-marking">
            {t('examTaking.awaitingMarking')}
          </Tag>
        ) : e.lastScore != null ? (
          <Tag color={e.lastPassed === false ? 'red' : e.lastPassed ? 'green' : 'blue'} data-testid="my-exam-score">
            {t('examTaking.lastScore', { score: e.lastScore })}
            {e.lastPassed != null ? ` · ${t(e.lastPassed ? 'examTaking.passed' : 'examTaking.failed')}` : ''}
          </Tag>
        ) : null}
      </Space>
      <Space size={8} wrap style={{ justifyContent: 'flex-end' }}>
        {e.attemptsUsed > 0 && (
          <Button size="small" onClick={() => void navigate(`/portal/exam/${e.id}/result`)} data-testid="my-exam-results">
            {t('examTaking.results')}
          </Button>
        )}
        {e.abilities.continue && ongoing != null ? (
          <Button size="small" type="primary" onClick={() => void navigate(attemptPath(e.id, ongoing))} data-testid="my-exam-continue">
            {t('examTaking.continue')}
          </Button>
        ) : e.abilities.start ? (
          <Button size="small" type="primary" loading={starting} onClick={askStart} data-testid="my-exam-start">
            {t('examTaking.start')}
          </Button>
        ) : (
          <Tag data-testid={`my-exam-phase-${closedAs}`} style={{ marginInlineEnd: 0 }}>
            {closedAs === 'notOpen'
              ? t('examTaking.notOpen', { start: formatTime(e.startAt) })
              : closedAs === 'ended'
                ? t('examTaking.ended')
                : t('examTaking.noAttemptsLeft')}
          </Tag>
        )}
      </Space>
    </Space>
  );
}
