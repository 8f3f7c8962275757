import { Link } from 'react-router';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, timeColumn, type ColumnSpec, type FilterSpec, sortableIn } from '../../../platform/kernel';
import { LEADER_SORT_KEYS, type LeaderRow } from '@hanlin/shared';
import { OrgTreeSelect } from '../../orgs/index';
import { deleteLeaders, findLeaders } from '../api';

const sortable = sortableIn(LEADER_SORT_KEYS);

const columns: ColumnSpec<LeaderRow>[] = [
  { key: 'realname', titleKey: 'leaders.realname', sortable: sortable('realname'), render: (r) => <span data-testid="leader-row-name">{r.realname}</span> },
  { key: 'username', titleKey: 'leaders.username', priority: 'medium' },
  { key: 'title', titleKey: 'leaders.title' },
  {
    key: 'orgs',
    titleKey: 'leaders.orgs',
    ellipsis: true,
    render: (r) => <span data-testid="leader-row-orgs">{r.orgs.map((o) => o.name).join('、')}</span>,
  },
  { key: 'orgName', titleKey: 'leaders.ownOrg', priority: 'low' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'leader-filter-keyword' },
  { name: 'ledOrgId', labelKey: 'leaders.ledOrg', control: <OrgTreeSelect testId="leader-filter-org" /> },
];

/** The signed-in leader's own plan center (the page answers "not a leader" to others). */
function CenterLink() {
  const { t } = useTranslation();
  return (
    <Link to="/dashboard/leader-center-plan">
      <Button data-testid="leader-center-link">{t('leaders.centerTitle')}</Button>
    </Link>
  );
}

/** Training leaders (`manage-leader`, code pxld): who leads the training of which organizations; add and edit on `add-leader`. */
export default function LeaderListPage() {
  return (
    <CrudPage<LeaderRow>
      testId="leader-page"
      titleKey="perm.pxld"
      queryKey="leader"
      fetch={(p) => findLeaders(p)}
      columns={columns}
      filters={filters}
      menu="pxld"
      batch={{ delete: deleteLeaders }}
      rowBatch={['delete']}
      toolbar={() => <CenterLink />}
      form={{ addPath: '/dashboard/add-leader', editPath: (r) => `/dashboard/add-leader?id=${r.id}` }}
    />
  );
}
