import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SURVEY_LIFECYCLE, SURVEY_SORT_KEYS, type SurveyRow, isOneOf } from '@hanlin/shared';
import { CrudPage, statusColumn, statusFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { useFiledByCategory } from '../../../platform/components/CategoryTree';
import { obeyAbilities } from '../../../platform/lifecycle';
import { deleteSurveys, findSurveys, releaseSurveys, unreleaseSurveys } from '../api';
import { SurveyCategoryTree } from './survey-controls';

const sortable = (k: string) => isOneOf(SURVEY_SORT_KEYS, k);

/** The results of a survey (page `survey-result`). */
export const surveyResultPath = (id: number) => `/dashboard/survey-result?id=${id}`;

/** Respondents over the audience, and the rate. */
function RateCell({ r }: { r: SurveyRow }) {
  const rate = r.audienceSize ? Math.round((r.respondents / r.audienceSize) * 100) : 0;
  return (
    <span data-testid="survey-row-rate">
      {r.respondents}/{r.audienceSize} ({rate}%)
    </span>
  );
}

function Flags({ r }: { r: SurveyRow }) {
  const { t } = useTranslation();
  return (
    <>
      <Tag>{t(r.anonymous ? 'survey.anonymous' : 'survey.named')}</Tag>
      <Tag>{t(r.repeatable ? 'survey.repeatable' : 'survey.once')}</Tag>
      {r.resultsPublic ? <Tag color="blue">{t('survey.resultsPublic')}</Tag> : null}
    </>
  );
}

const columns: ColumnSpec<SurveyRow>[] = [
  { key: 'name', titleKey: 'survey.name', sortable: sortable('name'), ellipsis: true, render: (r) => <span data-testid="survey-row-name">{r.name}</span> },
  statusColumn(SURVEY_LIFECYCLE, { testIdPrefix: 'survey-status' }),
  { key: 'categoryName', titleKey: 'survey.category.name', priority: 'medium' },
  timeColumn('startAt', 'survey.startAt', sortable),
  timeColumn('endAt', 'survey.endAt', sortable),
  { key: 'respondents', titleKey: 'survey.rate', render: (r) => <RateCell r={r} /> },
  { key: 'anonymous', titleKey: 'survey.settings', priority: 'low', render: (r) => <Flags r={r} /> },
  { key: 'orgName', titleKey: 'survey.org', priority: 'low' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'survey.name', testId: 'survey-filter-keyword' },
  statusFilter(SURVEY_LIFECYCLE, { testId: 'survey-filter-status' }),
  { name: 'start', labelKey: 'survey.startAt', kind: 'daterange', testId: 'survey-filter-start' },
];

/** The row offers what the server's `abilities` allow (release ⇄ unrelease, edit, delete). */
const rowAllows = obeyAbilities<SurveyRow>({ publish: 'release', unpublish: 'unrelease' });

/** Surveys (`manage-survey`, code dcgl): classification on the left, filters, release/unrelease/delete as abilities allow, results; add and edit on `add-survey`. */
export default function SurveyListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filed = useFiledByCategory<SurveyRow>(SurveyCategoryTree, '/dashboard/add-survey');
  return (
    <CrudPage<SurveyRow>
      testId="survey-page"
      titleKey="perm.dcgl"
      queryKey="surveys"
      fetch={(p) => findSurveys(p)}
      columns={columns}
      filters={filters}
      menu="dcgl"
      nounKey="survey.noun"
      labels={{ publish: 'survey.release', unpublish: 'survey.unrelease' }}
      batch={{ delete: deleteSurveys, publish: releaseSurveys, unpublish: unreleaseSurveys }}
      rowBatch={['publish', 'unpublish', 'delete']}
      rowAllows={rowAllows}
      defaultSort="-createdAt"
      {...filed}
      sideWidth={240}
      extraRowActions={(r) => (
        <Button type="link" size="small" data-testid="survey-results" onClick={() => void navigate(surveyResultPath(r.id))}>
          {t('survey.results')}
        </Button>
      )}
    />
  );
}
