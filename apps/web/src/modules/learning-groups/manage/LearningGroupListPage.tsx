import { LEARNING_GROUP_SORT_KEYS, type LearningGroupRow } from '@hanlin/shared';
import { sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { obeyAbilities } from '../../../platform/lifecycle';
import { deleteLearningGroups, findLearningGroups, freezeLearningGroups, unfreezeLearningGroups } from '../api';
import { GroupKindTag, GroupStatusTag, KIND_OPTIONS, STATUS_OPTIONS } from './group-meta';

const sortable = sortableIn(LEARNING_GROUP_SORT_KEYS);

const columns: ColumnSpec<LearningGroupRow>[] = [
  { key: 'name', titleKey: 'learningGroups.name', sortable: sortable('name'), render: (r) => <span data-testid="learning-group-row-name">{r.name}</span> },
  { key: 'kind', titleKey: 'learningGroups.kind', render: (r) => <GroupKindTag kind={r.kind} /> },
  { key: 'status', titleKey: 'common.status', render: (r) => <GroupStatusTag status={r.status} /> },
  { key: 'memberCount', titleKey: 'learningGroups.memberCount' },
  { key: 'orgName', titleKey: 'learningGroups.org' },
  { key: 'description', titleKey: 'learningGroups.description' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'learningGroups.name', testId: 'learning-group-filter-keyword' },
  { name: 'kind', labelKey: 'learningGroups.kind', kind: 'select', options: KIND_OPTIONS, testId: 'learning-group-filter-kind' },
  { name: 'status', labelKey: 'common.status', kind: 'select', options: STATUS_OPTIONS, testId: 'learning-group-filter-status' },
];

/** A row offers what the server's `abilities` allow (state, members, codes). */
const rowAllows = obeyAbilities<LearningGroupRow>();

/** Learning groups (`manage-learning-group`, code xxqz); add, edit and members on `add-legroup`. */
export default function LearningGroupListPage() {
  return (
    <CrudPage<LearningGroupRow>
      testId="learning-groups-page"
      titleKey="perm.xxqz"
      queryKey="learning-group"
      fetch={(p) => findLearningGroups(p)}
      columns={columns}
      filters={filters}
      menu="xxqz"
      batch={{ delete: deleteLearningGroups, freeze: freezeLearningGroups, unfreeze: unfreezeLearningGroups }}
      rowBatch={['freeze', 'unfreeze', 'delete']}
      rowAllows={rowAllows}
      form={{ addPath: '/dashboard/add-legroup', editPath: (r) => `/dashboard/add-legroup?id=${r.id}` }}
    />
  );
}
