import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SurveyResult } from '@hanlin/shared';

/** The response figures: audience, who answered, the rate, the answers counted. */
export function ResultFigures({ result }: { result: SurveyResult }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16} data-testid="survey-figures">
      <Col span={6}>
        <Statistic title={t('surveyResult.audienceSize')} value={result.audienceSize} data-testid="survey-audience" />
      </Col>
      <Col span={6}>
        <Statistic title={t('surveyResult.respondents')} value={result.respondents} data-testid="survey-respondents" />
      </Col>
      <Col span={6}>
        <Statistic title={t('surveyResult.rate')} value={result.rate} suffix="%" data-testid="survey-rate" />
      </Col>
      <Col span={6}>
        <Statistic title={t('surveyResult.responses')} value={result.responses} data-testid="survey-responses" />
      </Col>
    </Row>
  );
}
