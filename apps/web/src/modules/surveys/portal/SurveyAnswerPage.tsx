import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Result, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type AnswerProblem, type AnswerSet, type SurveySheet } from '@hanlin/shared';
import { ApiError, reportError } from '../../../platform/api/errors';
import { useFeedback } from '../../../platform/feedback';
import { formatTime } from '../../../platform/format';
import { usePageTitle } from '../../../platform/page-title';
import { QuestionnaireAnswerForm, answerProblems, shownAnswers } from '../../questionnaires/index';
import { getSurveySheet, saveSurveyDraft, submitSurvey } from '../api';
import { MySurveyStateTag } from './MySurveysPage';
import { useDraftSaver } from './useDraftSaver';
import './survey-answer.css';

const MY_SURVEYS = '/student-center/questionnaires';

/** The problem a refused submission names for a question (`answers.<key>`, `data.problem`). */
function refusedQuestion(e: unknown): { key: string; problem: AnswerProblem | string } | null {
  if (!(e instanceof ApiError) || !e.field?.startsWith('answers.')) return null;
  const problem = e.dataField('problem');
  return { key: e.field.slice('answers.'.length), problem: typeof problem === 'string' ? problem : e.text };
}

function scrollToQuestion(key: string) {
  document.querySelector(`[data-testid="q-${CSS.escape(key)}"]`)?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
}

function Header({ sheet }: { sheet: SurveySheet }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%', marginBottom: 12 }}>
      <div>
        <MySurveyStateTag row={sheet} />
        {sheet.anonymous ? <Typography.Text type="secondary">{t('surveyPortal.anonymousHint')}</Typography.Text> : null}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatTime(sheet.startAt)} – {formatTime(sheet.endAt)}
      </Typography.Text>
      {sheet.description ? <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{sheet.description}</Typography.Paragraph> : null}
    </Space>
  );
}

/** Answering while the survey is open: the draft kept as the student goes, submitted once after a confirmation. */
function AnswerForm({ sheet, onSubmitted }: { sheet: SurveySheet; onSubmitted: (answers: AnswerSet) => void }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const [value, setValue] = useState<AnswerSet>(() => shownAnswers(sheet.items, sheet.draft ?? {}));
  const [errors, setErrors] = useState<Record<string, AnswerProblem | string>>({});
  const [submitting, setSubmitting] = useState(false);
  const draft = useDraftSaver<AnswerSet>((answers, { keepalive }) => saveSurveyDraft({ id: sheet.id, answers }, { silent: true, keepalive }));

  const change = (next: AnswerSet) => {
    setValue(next);
    draft.schedule(next);
    // A question answered again is checked again; problems of others stay until the next submission.
    // A question answered again is checked again (its problem goes or changes); the others keep theirs.
    setErrors((old) => {
      const now = answerProblems(sheet.items, next, { partial: true });
      const kept: Record<string, AnswerProblem | string> = {};
      for (const [k, problem] of Object.entries(old)) {
        if (next[k] === value[k]) kept[k] = problem;
        else if (now[k]) kept[k] = now[k];
      }
      return kept;
    });
  };

  const send = async () => {
    const answers = shownAnswers(sheet.items, value);
    draft.cancel();
    setSubmitting(true);
    try {
      await submitSurvey({ id: sheet.id, answers }, { silent: true });
      onSubmitted(answers);
    } catch (e) {
      const q = refusedQuestion(e);
      if (q) {
        setErrors({ [q.key]: q.problem });
        message.error(t('surveyPortal.fixProblems', { n: 1 }));
        scrollToQuestion(q.key);
      } else if (e instanceof ApiError) reportError(e);
    } finally {
      setSubmitting(false);
    }
  };

  const submit = () => {
    const problems = answerProblems(sheet.items, value);
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      message.error(t('surveyPortal.fixProblems', { n: Object.keys(problems).length }));
      scrollToQuestion(first);
      return;
    }
    modal.confirm({
      title: t('surveyPortal.submitTitle'),
      content: t('surveyPortal.submitContent'),
      okText: t('surveyPortal.submit'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'survey-submit-ok' },
      onOk: () => send(),
    });
  };

  return (
    <>
      <QuestionnaireAnswerForm items={sheet.items} value={value} onChange={change} errors={errors} />
      <div className="survey-answer-actions">
        <Typography.Text type="secondary" data-testid="survey-draft-state" aria-live="polite">
          {draft.phase === 'idle' ? '' : t(`surveyPortal.draft_${draft.phase}`)}
        </Typography.Text>
        <Button type="primary" size="large" loading={submitting} disabled={submitting} onClick={submit} data-testid="survey-submit">
          {t('surveyPortal.submit')}
        </Button>
      </div>
    </>
  );
}

/**
 * The answer page of a survey (`/student-center/questionnaire/:id`): the questions, the draft kept
 * as the student goes and on leave, one confirmed submission; then "thank you" with the answers
 * read-only. A survey not open (not started, answered, ended) shows why, read-only.
 */
export default function SurveyAnswerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const id = Number(useParams().id);
  const sheet = useQuery({ queryKey: ['surveys', 'sheet', id], queryFn: () => getSurveySheet({ id }), enabled: id > 0 });
  const [submitted, setSubmitted] = useState<AnswerSet | null>(null);
  const [round, setRound] = useState(0);
  usePageTitle(sheet.data?.name);
  useEffect(() => setSubmitted(null), [id]);

  const back = (
    <Button onClick={() => void navigate(MY_SURVEYS)} data-testid="survey-back">
      {t('surveyPortal.back')}
    </Button>
  );
  if (sheet.isLoading) return <Spin />;
  const s = sheet.data;
  if (!s) return <Empty description={t('surveyPortal.notFound')} data-testid="survey-not-found" />;

  const done = (answers: AnswerSet) => {
    setSubmitted(answers);
    void qc.invalidateQueries({ queryKey: ['surveys', 'my'] });
    void sheet.refetch();
    window.scrollTo?.({ top: 0 });
  };

  let body;
  if (submitted) {
    body = (
      <>
        <Result
          status="success"
          title={t('surveyPortal.thanks')}
          subTitle={t('surveyPortal.thanksHint')}
          data-testid="survey-thanks"
          extra={
            <Space wrap>
              {back}
              {s.abilities.answer ? (
                <Button
                  type="primary"
                  data-testid="survey-answer-again"
                  onClick={() => {
                    setSubmitted(null);
                    setRound((r) => r + 1);
                  }}
                >
                  {t('surveyPortal.answerAgain')}
                </Button>
              ) : null}
            </Space>
          }
          style={{ padding: '16px 0' }}
        />
        <Typography.Title level={5}>{t('surveyPortal.yourAnswers')}</Typography.Title>
        <QuestionnaireAnswerForm items={s.items} value={submitted} readOnly />
      </>
    );
  } else if (s.abilities.answer) {
    body = <AnswerForm key={round} sheet={{ ...s, draft: round ? null : s.draft }} onSubmitted={done} />;
  } else {
    body = (
      <>
        <Alert type="info" showIcon title={t(`surveyPortal.closed_${s.state}`)} data-testid="survey-closed" style={{ marginBottom: 12 }} action={back} />
        <QuestionnaireAnswerForm items={s.items} value={s.draft ?? {}} readOnly />
      </>
    );
  }
  return (
    <Card title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{s.name}</span>} data-testid="survey-answer-page" styles={{ body: { padding: 12 } }}>
      <Header sheet={s} />
      {body}
    </Card>
  );
}
