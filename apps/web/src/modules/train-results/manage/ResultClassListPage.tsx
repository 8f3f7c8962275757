import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TRAIN_RESULT_SHEET_LIFECYCLE, type TrainResultClassRow } from '@hanlin/shared';
import { LifecycleTag } from '../../../platform/lifecycle';
import { usePageTitle } from '../../../platform/page-title';
import { FilterBar, RowActions, listTableProps, tableColumns, timeColumn, useList, type ColumnSpec, type FilterSpec, type RowAction } from '../../../platform/kernel';
import { approveResults, findResultClasses, submitResults } from '../api';

const SORTS = ['name', 'startAt'];
export const classColumns: ColumnSpec<TrainResultClassRow>[] = [
  { key: 'name', titleKey: 'trainResults.className', sortable: true, render: (r) => <span data-testid="train-result-row-name">{r.name}</span> },
  { key: 'code', titleKey: 'trainResults.classCode', priority: 'medium' },
  { key: 'orgName', titleKey: 'trainResults.org', priority: 'medium' },
  timeColumn('startAt', 'trainResults.startAt', (k) => SORTS.includes(k)),
  { key: 'trainees', titleKey: 'trainResults.trainees' },
  { key: 'entered', titleKey: 'trainResults.entered' },
  {
    key: 'state',
    titleKey: 'trainResults.sheetState',
    render: (r) => <LifecycleTag lifecycle={TRAIN_RESULT_SHEET_LIFECYCLE} state={r.state} testId={`train-result-row-state-${r.state}`} />,
  },
];
const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'train-result-filter-keyword' },
  {
    name: 'sheetState',
    labelKey: 'trainResults.sheetState',
    kind: 'select',
    options: TRAIN_RESULT_SHEET_LIFECYCLE.states.map((s) => ({ value: s, labelKey: TRAIN_RESULT_SHEET_LIFECYCLE.labels.states[s] })),
  },
];

/** manage-train-result (pxjgsp): the classes in scope with their result sheet's state; open, submit and approve as the row allows. */
export default function ResultClassListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  usePageTitle(t('perm.pxjgsp'));
  const list = useList<TrainResultClassRow>({ queryKey: 'trainResultClasses', fetch: findResultClasses, filters, defaultSort: '-startAt' });
  const open = (r: TrainResultClassRow) => navigate(`/dashboard/enter-result?classId=${r.id}`);
  const actions: RowAction<TrainResultClassRow>[] = [
    { key: 'open', label: t('trainResults.open'), ability: false, run: open, testId: 'train-result-row-open' },
    { key: 'submit', label: t('trainResults.submit'), confirm: true, run: async (r) => (await submitResults({ classId: r.id }), list.refresh()) },
    { key: 'approve', label: t('trainResults.approve'), confirm: true, run: async (r) => (await approveResults({ classId: r.id }), list.refresh()) },
    { key: 'refuse', label: t('trainResults.refuse'), run: open },
  ];
  return (
    <Card data-testid="train-result-class-page">
      <FilterBar filters={filters} values={list.filterValues} onSearch={list.applyFilters} onReset={list.resetFilters} />
      <Table<TrainResultClassRow>
        {...listTableProps(list, t, false)}
        columns={[
          ...tableColumns(classColumns, list.params.sort, t),
          { key: 'ops', title: t('common.actions'), render: (_: unknown, r: TrainResultClassRow) => <RowActions record={r} actions={actions} visible={3} /> },
        ]}
      />
    </Card>
  );
}
