import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getMySurveyResult } from './api';
import { ItemResults } from './ItemResults';
import { ResultFigures } from './parts';

/**
 * The respondent's view of a results-public survey they answered (`questionnaire/:id/result`
 * in the student center): the figures of everyone's answers; free texts are never shown here.
 */
export default function MySurveyResultPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id) || 0;
  const q = useQuery({ queryKey: ['my-survey-result', id], queryFn: () => getMySurveyResult(id), enabled: id > 0 });
  if (!q.data) return <Spin spinning={q.isLoading}>{q.isError || !id ? <Empty description={t('surveyResult.notPublic')} /> : <div style={{ minHeight: 200 }} />}</Spin>;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      <Card size="small">
        <Typography.Title level={4} data-testid="my-survey-result-name">
          {q.data.name}
        </Typography.Title>
        <ResultFigures result={q.data} />
      </Card>
      <ItemResults items={q.data.items} />
    </Space>
  );
}
