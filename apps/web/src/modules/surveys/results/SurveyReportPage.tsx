import { Button, Progress, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SURVEY_LIFECYCLE, SURVEY_SORT_KEYS, type SurveyReportRow } from '@hanlin/shared';
import { CrudPage, sortableIn, statusColumn, statusFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { findSurveyReport } from './api';
import { surveyOrgReportPath, surveyResultPath } from './paths';

function Links({ row }: { row: SurveyReportRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space size={4}>
      <Button type="link" size="small" data-testid="survey-report-result" onClick={() => void navigate(surveyResultPath(row.id))}>
        {t('surveyResult.results')}
      </Button>
      <Button type="link" size="small" data-testid="survey-report-orgs" onClick={() => void navigate(surveyOrgReportPath(row.id))}>
        {t('surveyResult.byOrg')}
      </Button>
    </Space>
  );
}

const sortable = sortableIn(SURVEY_SORT_KEYS);
const columns: ColumnSpec<SurveyReportRow>[] = [
  { key: 'name', titleKey: 'surveyResult.survey', sortable: sortable('name'), render: (r) => <span data-testid="survey-report-name">{r.name}</span> },
  statusColumn<SurveyReportRow>(SURVEY_LIFECYCLE),
  timeColumn<SurveyReportRow>('startAt', 'surveyResult.startAt', sortable),
  timeColumn<SurveyReportRow>('endAt', 'surveyResult.endAt', sortable),
  { key: 'audienceSize', titleKey: 'surveyResult.audienceSize' },
  { key: 'respondents', titleKey: 'surveyResult.respondents' },
  {
    key: 'rate',
    titleKey: 'surveyResult.rate',
    render: (r) => <Progress percent={r.rate} size="small" style={{ minWidth: 100, margin: 0 }} data-testid="survey-report-rate" />,
  },
];
const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'surveyResult.survey', testId: 'survey-report-keyword' }, statusFilter(SURVEY_LIFECYCLE)];

/** `manage-survey-report` (dcgl): the surveys of the caller's scope with audience, respondents and response rate; links to the results. */
export default function SurveyReportPage() {
  return (
    <CrudPage<SurveyReportRow>
      testId="survey-report"
      titleKey="page.manage-survey-report"
      queryKey="survey-report"
      fetch={(p) => findSurveyReport(p)}
      columns={columns}
      filters={filters}
      defaultSort="-createdAt"
      menu="dcgl"
      extraRowActions={(r) => <Links row={r} />}
    />
  );
}
