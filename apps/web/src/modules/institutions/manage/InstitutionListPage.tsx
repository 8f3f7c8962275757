import { INSTITUTION_SORT_KEYS, type InstitutionRow } from '@hanlin/shared';
import { sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { deleteInstitutions, findInstitutions } from '../api';

const sortable = sortableIn(INSTITUTION_SORT_KEYS);

const columns: ColumnSpec<InstitutionRow>[] = [
  { key: 'name', titleKey: 'institution.name', sortable: sortable('name'), render: (r) => <span data-testid="institution-row-name">{r.name}</span> },
  { key: 'contact', titleKey: 'institution.contact' },
  { key: 'contactPhone', titleKey: 'institution.contactPhone' },
  { key: 'direction', titleKey: 'institution.direction', ellipsis: true },
  { key: 'address', titleKey: 'institution.address', ellipsis: true, priority: 'medium' },
  { key: 'orgName', titleKey: 'institution.org', priority: 'low' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'institution.keyword', testId: 'institution-filter-keyword' }];

/** Training organizations (`manage-institution`, code pxjggl); add and edit on `add-institution`. */
export default function InstitutionListPage() {
  return (
    <CrudPage<InstitutionRow>
      testId="institutions-page"
      titleKey="perm.pxjggl"
      queryKey="institution"
      fetch={(p) => findInstitutions(p)}
      columns={columns}
      filters={filters}
      menu="pxjggl"
      batch={{ delete: deleteInstitutions }}
      form={{ addPath: '/dashboard/add-institution', editPath: (r) => `/dashboard/add-institution?id=${r.id}` }}
    />
  );
}
