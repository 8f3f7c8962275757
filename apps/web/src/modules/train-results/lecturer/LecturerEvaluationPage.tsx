import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../platform/format';
import { usePageTitle } from '../../../platform/page-title';
import { getMyEvaluation } from '../api';
import { SatisfactionCard } from '../components/SatisfactionCard';

/** The lecturer end's evaluation page (pxpj-js): the satisfaction of the caller's own lecturer record, per class. */
export default function LecturerEvaluationPage() {
  const { t } = useTranslation();
  usePageTitle(t('trainResults.evaluationTitle'));
  const q = useQuery({ queryKey: ['myEvaluation'], queryFn: getMyEvaluation });
  if (!q.data) return <Card loading={q.isLoading} />;
  const data = q.data;
  if (!data.lecturerName) return <Empty description={t('trainResults.notLecturer')} data-testid="lecturer-evaluation-none" />;
  return (
    <div data-testid="lecturer-evaluation-page">
      <Typography.Title level={4}>{t('trainResults.evaluationOf', { name: data.lecturerName })}</Typography.Title>
      {!data.classes.length && <Empty description={t('trainResults.noEvaluations')} />}
      <Row gutter={[16, 16]}>
        {data.classes.map((c) => (
          <Col xs={24} lg={12} key={`${c.classId}-${c.result.surveyId}`}>
            <SatisfactionCard title={`${c.className} · ${formatTime(c.startAt)}`} result={c.result} testId="lecturer-evaluation-class" />
          </Col>
        ))}
      </Row>
    </div>
  );
}
