import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROLE_LIFECYCLE, ROLE_SORT_KEYS, type RoleRow } from '@hanlin/shared';
import { CrudPage, sortableIn, statusFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { LifecycleTag, obeyAbilities } from '../../../platform/lifecycle';
import { builtinText } from '../../../platform/builtin';
import { deleteRoles, findRoles, freezeRoles, unfreezeRoles } from '../api';

const sortable = sortableIn(ROLE_SORT_KEYS);

export function RoleStatusTag({ status }: { status: string }) {
  return <LifecycleTag lifecycle={ROLE_LIFECYCLE} state={status} testId={`role-status-${status}`} />;
}

function YesNo({ v }: { v: boolean }) {
  const { t } = useTranslation();
  return <Tag color={v ? 'blue' : 'default'}>{t(v ? 'role.yes' : 'role.no')}</Tag>;
}

function Name({ r }: { r: RoleRow }) {
  const { t } = useTranslation();
  return (
    <span data-testid="role-row-name">
      {builtinText(t, r.name)} {r.builtin ? <Tag color="gold">{t('role.builtin')}</Tag> : null}
    </span>
  );
}

/** A built-in role's seeded description reads in the interface language. */
function Described({ text }: { text: string | null }) {
  const { t } = useTranslation();
  return <>{builtinText(t, text)}</>;
}

const columns: ColumnSpec<RoleRow>[] = [
  { key: 'name', titleKey: 'role.name', sortable: sortable('name'), render: (r) => <Name r={r} /> },
  { key: 'description', titleKey: 'role.description', render: (r) => <Described text={r.description} /> },
  { key: 'canLogin', titleKey: 'role.canLogin', render: (r) => <YesNo v={r.canLogin} /> },
  { key: 'userCount', titleKey: 'role.userCount' },
  { key: 'status', titleKey: 'common.status', render: (r) => <RoleStatusTag status={r.status} /> },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'common.keyword', testId: 'role-filter-keyword' }, statusFilter(ROLE_LIFECYCLE)];

/** A row offers what the server's `abilities` allow (state, built-in roles, roles in use, codes). */
const rowAllows = obeyAbilities<RoleRow>();

function ViewLink({ r }: { r: RoleRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" data-testid="role-row-view" onClick={() => void navigate(`/dashboard/add-role?id=${r.id}&view=1`)}>
      {t('role.view')}
    </Button>
  );
}

/** Roles (`manage-role`, code rzjs): list with freeze/unfreeze/delete, add and edit on `add-role`. */
export default function RoleListPage() {
  const { t } = useTranslation();
  return (
    <CrudPage<RoleRow>
      testId="role-page"
      titleKey="perm.rzjs"
      queryKey="role"
      fetch={(p) => findRoles(p)}
      columns={columns}
      filters={filters}
      menu="rzjs"
      recordName={(r) => builtinText(t, r.name)}
      nounKey="role.noun"
      batch={{ delete: deleteRoles, freeze: freezeRoles, unfreeze: unfreezeRoles }}
      rowBatch={['freeze', 'unfreeze', 'delete']}
      rowAllows={rowAllows}
      extraRowActions={(r) => <ViewLink r={r} />}
      form={{ addPath: '/dashboard/add-role', editPath: (r) => `/dashboard/add-role?id=${r.id}` }}
    />
  );
}
