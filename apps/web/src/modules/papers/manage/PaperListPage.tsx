import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAPER_KINDS, PAPER_SORT_KEYS, type PaperRow } from '@hanlin/shared';
import { CrudPage, enumFilter, sortableIn, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { obeyAbilities } from '../../../platform/lifecycle';
import { deletePapers, findPapers } from '../api';

const sortable = sortableIn(PAPER_SORT_KEYS);

function KindTag({ kind }: { kind: PaperRow['kind'] }) {
  const { t } = useTranslation();
  return <Tag color={kind === 'fixed' ? 'blue' : kind === 'random' ? 'purple' : 'cyan'}>{t(`paper.kind_${kind}`)}</Tag>;
}
function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{t(value ? 'common.yes' : 'common.no')}</>;
}

const columns: ColumnSpec<PaperRow>[] = [
  { key: 'name', titleKey: 'paper.name', sortable: sortable('name'), render: (r) => <span data-testid="paper-row-name">{r.name}</span> },
  { key: 'kind', titleKey: 'paper.kind', render: (r) => <KindTag kind={r.kind} /> },
  { key: 'total', titleKey: 'paper.total', sortable: sortable('total'), render: (r) => <span data-testid="paper-row-total">{r.total}</span> },
  { key: 'questionCount', titleKey: 'paper.questionCount' },
  { key: 'hasSubjective', titleKey: 'paper.hasSubjective', render: (r) => <YesNo value={r.hasSubjective} /> },
  { key: 'orgName', titleKey: 'paper.org' },
  { key: 'creatorName', titleKey: 'paper.creator' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];
const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'paper.name', testId: 'paper-filter-keyword' }, enumFilter('kind', 'paper.kind', PAPER_KINDS, 'paper.kind_')];

/** Papers (`manage-test-paper`, code sjgl): fixed, random and free papers; a paper an exam uses is neither changed nor deleted. */
export default function PaperListPage() {
  return (
    <CrudPage<PaperRow>
      testId="paper-page"
      titleKey="perm.sjgl"
      queryKey="papers"
      fetch={(p) => findPapers(p)}
      columns={columns}
      filters={filters}
      menu="sjgl"
      batch={{ delete: deletePapers }}
      rowAllows={obeyAbilities<PaperRow>()}
      form={{ addPath: '/dashboard/add-paper', editPath: (r) => `/dashboard/add-paper?id=${r.id}` }}
    />
  );
}
