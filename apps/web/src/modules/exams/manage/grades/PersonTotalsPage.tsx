import { PERSON_TOTAL_SORT_KEYS, type PersonTotalRow, isOneOf } from '@hanlin/shared';
import { CrudPage, keyedBy, personColumns, type ColumnSpec, type FilterSpec } from '../../../../platform/kernel';
import { findPersonTotals } from '../../grades-api';
import { PersonExamsLink } from './parts';

type Row = PersonTotalRow & { id: number };
const sortable = (k: string) => isOneOf(PERSON_TOTAL_SORT_KEYS, k);
const columns: ColumnSpec<Row>[] = [
  ...personColumns<Row>('grades', { realname: { sortable: sortable('realname') } }),
  { key: 'exams', titleKey: 'grades.examsTaken', sortable: sortable('exams') },
  { key: 'passed', titleKey: 'grades.examsPassed', sortable: sortable('passed') },
  { key: 'average', titleKey: 'grades.average', sortable: sortable('average'), render: (r) => r.average ?? '-' },
];
const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'grades.personKeyword' }];

/** `manage-course-integralStatistics` (cjgl): per person of the caller's scope, exams taken, passed and the average of best scores. */
export default function PersonTotalsPage() {
  return (
    <CrudPage<Row>
      testId="person-totals"
      titleKey="page.manage-course-integralStatistics"
      queryKey="person-totals"
      fetch={async (p) => keyedBy('userId', await findPersonTotals(p))}
      columns={columns}
      filters={filters}
      defaultSort="-exams"
      extraRowActions={(r) => <PersonExamsLink userId={r.userId} />}
    />
  );
}
