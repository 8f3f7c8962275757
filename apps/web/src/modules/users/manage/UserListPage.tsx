import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_SORT_KEYS, USER_STATUSES } from '@hanlin/shared';
import { CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { findUsers, type UserRow } from '../api';

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={status === 'frozen' ? 'red' : 'green'}>{t(`user.status_${status}`, { defaultValue: status })}</Tag>;
}

const sortable = (k: string) => (USER_SORT_KEYS as readonly string[]).includes(k);

const columns: ColumnSpec<UserRow>[] = [
  { key: 'username', titleKey: 'auth.username', sortable: sortable('username') },
  { key: 'realname', titleKey: 'register.realname', sortable: sortable('realname') },
  { key: 'orgName', titleKey: 'user.org' },
  { key: 'phone', titleKey: 'register.phone' },
  { key: 'email', titleKey: 'register.email' },
  { key: 'roles', titleKey: 'user.roles', render: (r) => r.roles.join(', ') },
  { key: 'status', titleKey: 'common.status', render: (r) => <StatusTag status={r.status} /> },
  { key: 'createdAt', titleKey: 'common.createdAt', sortable: sortable('createdAt'), render: (r) => formatTime(r.createdAt) },
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword' },
  { name: 'status', labelKey: 'common.status', kind: 'select', options: USER_STATUSES.map((s) => ({ value: s, labelKey: `user.status_${s}` })) },
];

/** Users (`manage-user`, code yhgl): read-only for now, until user management lands. */
export default function UserListPage() {
  return <CrudPage<UserRow> testId="user-page" titleKey="perm.yhgl" queryKey="user" fetch={(p) => findUsers(p)} columns={columns} filters={filters} />;
}
