import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SURVEY_ORG_REPORT_SORT_KEYS, type SurveyOrgReportRow } from '@hanlin/shared';
import { CrudPage, sortableIn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { findSurveyOrgReport, getSurveyResult } from './api';
import { surveyResultPath } from './paths';

type Row = SurveyOrgReportRow & { id: number };
const sortable = sortableIn(SURVEY_ORG_REPORT_SORT_KEYS);
const columns: ColumnSpec<Row>[] = [
  { key: 'orgName', titleKey: 'surveyResult.org', sortable: sortable('orgName') },
  { key: 'audienceSize', titleKey: 'surveyResult.audienceSize', sortable: sortable('audienceSize') },
  { key: 'respondents', titleKey: 'surveyResult.respondents', sortable: sortable('respondents') },
  { key: 'rate', titleKey: 'surveyResult.rate', sortable: sortable('rate'), render: (r) => <Progress percent={r.rate} size="small" style={{ minWidth: 100, margin: 0 }} /> },
];
const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'surveyResult.org', testId: 'survey-org-report-keyword' }];

/** `manage-surveydetail-report?id=` (dcgl): one survey's audience, respondents and response rate per organization. */
export default function SurveyOrgReportPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const survey = useQuery({ queryKey: ['survey-result', id, undefined], queryFn: () => getSurveyResult({ id }), enabled: id > 0 });
  if (!id) return <Empty description={t('common.notFound')} />;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="survey-org-report-name">
          {survey.data?.name}
        </Typography.Title>
        <Button type="link" size="small" onClick={() => void navigate(surveyResultPath(id))} data-testid="survey-org-report-result">
          {t('surveyResult.results')}
        </Button>
      </Space>
      <CrudPage<Row>
        testId="survey-org-report"
        titleKey="page.manage-surveydetail-report"
        queryKey="survey-org-report"
        fetch={async (p) => {
          const page = await findSurveyOrgReport({ ...p, id });
          return { ...page, records: page.records.map((r) => ({ ...r, id: r.orgId ?? 0 })) };
        }}
        columns={columns}
        filters={filters}
        extraFilters={{ id }}
        defaultSort="rate"
        menu="dcgl"
      />
    </>
  );
}
