import { useTranslation } from 'react-i18next';
import { CrudPage, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { YEAR_PLAN_SORT_KEYS, type YearPlanRow, isOneOf } from '@hanlin/shared';
import { obeyAbilities } from '../../../platform/lifecycle';
import { deleteYearPlans, findYearPlans, submitYearPlan } from '../api';
import { STATE_OPTIONS, TYPE_OPTIONS, YearPlanStateTag, yuan } from './year-plan-meta';
import { YearPlanDetailLink, YearPlanExportButton } from './YearPlanDetailDrawer';
import { YearPlanYearExport } from './YearPlanYearExport';

const sortable = (k: string) => isOneOf(YEAR_PLAN_SORT_KEYS, k);

function TypeText({ type }: { type: YearPlanRow['type'] }) {
  const { t } = useTranslation();
  return <>{t(`yearPlans.type_${type}`)}</>;
}

const columns: ColumnSpec<YearPlanRow>[] = [
  { key: 'name', titleKey: 'yearPlans.name', sortable: sortable('name'), render: (r) => <span data-testid="year-plan-row-name">{r.name}</span> },
  { key: 'year', titleKey: 'yearPlans.year', sortable: sortable('year') },
  { key: 'type', titleKey: 'yearPlans.type', render: (r) => <TypeText type={r.type} /> },
  { key: 'orgName', titleKey: 'yearPlans.org' },
  {
    key: 'totalBudget',
    titleKey: 'yearPlans.totalBudget',
    sortable: sortable('totalBudget'),
    render: (r) => <span data-testid="year-plan-row-budget">{yuan(r.totalBudget)}</span>,
  },
  { key: 'totalSessions', titleKey: 'yearPlans.totalSessions', sortable: sortable('totalSessions') },
  { key: 'state', titleKey: 'common.status', render: (r) => <YearPlanStateTag state={r.state} /> },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'year-plan-filter-keyword' },
  { name: 'year', labelKey: 'yearPlans.year', testId: 'year-plan-filter-year' },
  { name: 'type', labelKey: 'yearPlans.type', kind: 'select', options: TYPE_OPTIONS },
  { name: 'state', labelKey: 'common.status', kind: 'select', options: STATE_OPTIONS },
];

/** The row offers what the server's `abilities` allow. */
const rowAllows = obeyAbilities<YearPlanRow>();

/**
 * Annual plans (`manage-train-year-plan`, code ndjh): list, submit for review, delete drafts, a plan's
 * details (lines, totals, approval history) and its Excel, the year overview's Excel; add and edit on
 * `add-train-year-plan`.
 */
export default function YearPlanListPage() {
  return (
    <CrudPage<YearPlanRow>
      testId="year-plan-page"
      titleKey="perm.ndjh"
      queryKey="yearPlan"
      fetch={(p) => findYearPlans(p)}
      columns={columns}
      filters={filters}
      menu="ndjh"
      batch={{ delete: deleteYearPlans }}
      rowBatch={['delete']}
      rowAllows={rowAllows}
      extraBatch={[
        {
          key: 'submit',
          labelKey: 'yearPlans.submit',
          perm: 'ndjh:modify',
          run: async (ids) => {
            for (const id of ids) await submitYearPlan({ id });
          },
          row: (r) => r.abilities.submit,
        },
      ]}
      extraRowActions={(r) => (
        <>
          <YearPlanDetailLink row={r} />
          <YearPlanExportButton id={r.id} />
        </>
      )}
      toolbar={({ params }) => <YearPlanYearExport year={Number(params.year) || undefined} />}
      form={{ addPath: '/dashboard/add-train-year-plan', editPath: (r) => `/dashboard/add-train-year-plan?id=${r.id}` }}
    />
  );
}
