import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainPerformanceRow } from '@hanlin/shared';
import { usePageTitle } from '../../../platform/page-title';
import { FilterBar, listTableProps, tableColumns, timeColumn, useList, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { findPerformance } from '../api';
import { pct } from '../components/ClassSelect';

const columns: ColumnSpec<TrainPerformanceRow>[] = [
  { key: 'name', titleKey: 'trainResults.className', sortable: true, render: (r) => <span data-testid="train-performance-name">{r.name}</span> },
  { key: 'orgName', titleKey: 'trainResults.org', priority: 'medium' },
  timeColumn('startAt', 'trainResults.startAt', (k) => k === 'startAt'),
  { key: 'trainees', titleKey: 'trainResults.trainees' },
  { key: 'attendanceRate', titleKey: 'trainResults.attendanceRate', render: (r) => pct(r.attendanceRate) },
  { key: 'passRate', titleKey: 'trainResults.passRate', render: (r) => <span data-testid="train-performance-pass">{pct(r.passRate)}</span> },
  { key: 'averageScore', titleKey: 'trainResults.averageScore', render: (r) => r.averageScore ?? '–' },
  { key: 'satisfaction', titleKey: 'trainResults.satisfaction', render: (r) => pct(r.satisfaction) },
];
const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'common.keyword', testId: 'train-performance-keyword' }];

/** manage-train-performance (pxapgl): per class in scope, trainees, attendance, pass rate, average score and satisfaction. */
export default function PerformancePage() {
  const { t } = useTranslation();
  usePageTitle(t('page.manage-train-performance'));
  const list = useList<TrainPerformanceRow>({ queryKey: 'trainPerformance', fetch: findPerformance, filters, defaultSort: '-startAt' });
  return (
    <Card data-testid="train-performance-page">
      <FilterBar filters={filters} values={list.filterValues} onSearch={list.applyFilters} onReset={list.resetFilters} />
      <Table<TrainPerformanceRow> {...listTableProps(list, t, false)} columns={tableColumns(columns, list.params.sort, t)} />
    </Card>
  );
}
