import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Result, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { AnswerProblem, AnswerSet, MyTrainSurveys } from '@hanlin/shared';
import { ApiError } from '../../../platform/api/errors';
import { useFeedback } from '../../../platform/feedback';
import { usePageTitle } from '../../../platform/page-title';
import { QuestionnaireAnswerForm, answerProblems, shownAnswers } from '../../questionnaires/index';
import { answerSurvey, getMySurveys } from '../api';

type Survey = MyTrainSurveys['surveys'][number];

/** One questionnaire: answered once (the answers are not kept after sending; a second sending is refused). */
function SurveyForm({ survey, open, onSent }: { survey: Survey; open: boolean; onSent: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = useFeedback();
  const [value, setValue] = useState<AnswerSet>({});
  const [errors, setErrors] = useState<Record<string, AnswerProblem | string>>({});
  const [busy, setBusy] = useState(false);
  const title = survey.lecturerName ? t('trainResults.lecturerSurvey', { name: survey.lecturerName }) : t('trainResults.classSurvey');
  const send = () => {
    const answers = shownAnswers(survey.items, value);
    const problems = answerProblems(survey.items, answers);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    modal.confirm({
      title: t('trainResults.sendConfirm'),
      onOk: async () => {
        setBusy(true);
        try {
          await answerSurvey({ surveyId: survey.id, answers });
          message.success(t('trainResults.sent'));
          onSent();
        } catch (e) {
          message.error(e instanceof ApiError ? e.text : String(e));
        } finally {
          setBusy(false);
        }
      },
    });
  };
  return (
    <Card
      size="small"
      title={
        <Space wrap>
          <span>{title}</span>
          {survey.answered && <Tag color="green">{t('trainResults.answered')}</Tag>}
        </Space>
      }
      data-testid={`train-survey-${survey.id}`}
    >
      <Typography.Text type="secondary">{survey.title}</Typography.Text>
      {survey.answered ? (
        <Result status="success" title={t('trainResults.thanks')} />
      ) : (
        <>
          <QuestionnaireAnswerForm items={survey.items} value={value} onChange={setValue} errors={errors} readOnly={!open} />
          <Button type="primary" block disabled={!open} loading={busy} onClick={send} data-testid={`train-survey-send-${survey.id}`} style={{ marginTop: 12 }}>
            {t('trainResults.send')}
          </Button>
        </>
      )}
    </Card>
  );
}

/** `/portal/training/:id/satisfaction`: an admitted trainee answers the class's and its lecturers' questionnaires once the class has started (390 px wide and up). */
export default function TrainSatisfactionPage() {
  const { t } = useTranslation();
  const classId = Number(useParams().id);
  const client = useQueryClient();
  const q = useQuery({ queryKey: ['myTrainSurveys', classId], queryFn: () => getMySurveys({ classId }), retry: false });
  usePageTitle(q.data?.className ?? t('trainResults.satisfactionTitle'));
  if (q.error) return <Result status="403" title={q.error instanceof ApiError ? q.error.text : String(q.error)} />;
  if (!q.data) return <Card loading />;
  const data = q.data;
  return (
    <div style={{ maxWidth: 760, margin: '0 auto', padding: 8 }} data-testid="train-satisfaction-page">
      <Typography.Title level={4} style={{ overflowWrap: 'anywhere' }}>
        {data.className}
      </Typography.Title>
      {!data.open && <Alert type="info" showIcon title={t('trainResults.notOpen')} style={{ marginBottom: 12 }} />}
      {!data.surveys.length ? (
        <Empty description={t('trainResults.noSurveys')} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {data.surveys.map((s) => (
            <SurveyForm key={s.id} survey={s} open={data.open} onSent={() => void client.invalidateQueries({ queryKey: ['myTrainSurveys', classId] })} />
          ))}
        </Space>
      )}
    </div>
  );
}
