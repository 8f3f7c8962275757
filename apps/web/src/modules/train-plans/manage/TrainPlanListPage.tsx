import { CrudPage, timeColumn, type ColumnSpec, type FilterSpec, sortableIn } from '../../../platform/kernel';
import { TRAIN_PLAN_SORT_KEYS, type TrainPlanRow } from '@hanlin/shared';
import { obeyAbilities } from '../../../platform/lifecycle';
import { OrgTreeSelect } from '../../orgs/index';
import { deleteTrainPlans, exportTrainPlans, findTrainPlans, submitTrainPlan } from '../api';
import { FORM_OPTIONS, STATE_OPTIONS, TrainPlanStateTag, yuan } from './train-plan-meta';
import { TrainPlanDetailLink } from './TrainPlanDetailDrawer';
import { useTranslation } from 'react-i18next';

const sortable = sortableIn(TRAIN_PLAN_SORT_KEYS);

function FormText({ form }: { form: TrainPlanRow['form'] }) {
  const { t } = useTranslation();
  return <>{t(`trainPlans.form_${form}`)}</>;
}

const columns: ColumnSpec<TrainPlanRow>[] = [
  { key: 'name', titleKey: 'trainPlans.name', sortable: sortable('name'), ellipsis: true, render: (r) => <span data-testid="train-plan-row-name">{r.name}</span> },
  { key: 'orgName', titleKey: 'trainPlans.org' },
  { key: 'startDate', titleKey: 'trainPlans.dates', sortable: sortable('startDate'), render: (r) => `${r.startDate} – ${r.endDate}` },
  { key: 'trainingType', titleKey: 'trainPlans.trainingType', priority: 'medium' },
  { key: 'form', titleKey: 'trainPlans.form', priority: 'medium', render: (r) => <FormText form={r.form} /> },
  { key: 'sessions', titleKey: 'trainPlans.sessions', sortable: sortable('sessions') },
  { key: 'trainees', titleKey: 'trainPlans.trainees', sortable: sortable('trainees'), priority: 'low' },
  {
    key: 'totalBudget',
    titleKey: 'trainPlans.totalBudget',
    sortable: sortable('totalBudget'),
    render: (r) => <span data-testid="train-plan-row-budget">{yuan(r.totalBudget)}</span>,
  },
  { key: 'yearPlanName', titleKey: 'trainPlans.yearPlan', priority: 'low', render: (r) => r.yearPlanName ?? '—' },
  { key: 'state', titleKey: 'common.status', render: (r) => <TrainPlanStateTag state={r.state} /> },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'train-plan-filter-keyword' },
  { name: 'year', labelKey: 'trainPlans.year', testId: 'train-plan-filter-year' },
  { name: 'orgId', labelKey: 'trainPlans.org', control: <OrgTreeSelect testId="train-plan-filter-org" /> },
  { name: 'form', labelKey: 'trainPlans.form', kind: 'select', options: FORM_OPTIONS },
  { name: 'state', labelKey: 'common.status', kind: 'select', options: STATE_OPTIONS },
];

/** The row offers what the server's `abilities` allow. */
const rowAllows = obeyAbilities<TrainPlanRow>();

/**
 * Unplanned training plans (`manage-train-plan`, code pxjh): list in the caller's data scope, submit
 * for review, delete drafts, a plan's details with its approval history, the list's Excel; add and
 * edit on `manage-train-plan-edit`.
 */
export default function TrainPlanListPage() {
  return (
    <CrudPage<TrainPlanRow>
      testId="train-plan-page"
      titleKey="perm.pxjh"
      queryKey="trainPlan"
      fetch={(p) => findTrainPlans(p)}
      columns={columns}
      filters={filters}
      menu="pxjh"
      batch={{ delete: deleteTrainPlans }}
      rowBatch={['delete']}
      rowAllows={rowAllows}
      exportFile={(q) => exportTrainPlans(q)}
      extraBatch={[
        {
          key: 'submit',
          labelKey: 'trainPlans.submit',
          perm: 'pxjh:modify',
          run: async (ids) => {
            for (const id of ids) await submitTrainPlan({ id });
          },
          row: (r) => r.abilities.submit,
        },
      ]}
      extraRowActions={(r) => <TrainPlanDetailLink row={r} />}
      form={{ addPath: '/dashboard/manage-train-plan-edit', editPath: (r) => `/dashboard/manage-train-plan-edit?id=${r.id}` }}
    />
  );
}
