import { useTranslation } from 'react-i18next';
import { CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { NOTICE_SORT_KEYS, type NoticeRow as Notice } from '@hanlin/shared';
import { obeyAbilities } from '../../../platform/lifecycle';
import { deleteNotices, findNotices, releaseNotices, unreleaseNotices } from '../api';
import { NoticeStatusTag, STATUS_OPTIONS, TYPE_OPTIONS } from './notice-meta';

const sortable = (k: string) => (NOTICE_SORT_KEYS as readonly string[]).includes(k);

function TypeText({ type }: { type: Notice['type'] }) {
  const { t } = useTranslation();
  return <>{t(`notice.type_${type}`)}</>;
}

const columns: ColumnSpec<Notice>[] = [
  { key: 'title', titleKey: 'notice.title', sortable: sortable('title'), render: (r) => <span data-testid="notice-row-title">{r.title}</span> },
  { key: 'type', titleKey: 'notice.type', render: (r) => <TypeText type={r.type} /> },
  { key: 'status', titleKey: 'common.status', render: (r) => <NoticeStatusTag status={r.status} /> },
  { key: 'displayTime', titleKey: 'notice.displayTime', sortable: sortable('displayTime'), render: (r) => formatTime(r.displayTime) },
  { key: 'createdAt', titleKey: 'common.createdAt', sortable: sortable('createdAt'), render: (r) => formatTime(r.createdAt) },
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'notice-filter-keyword' },
  { name: 'type', labelKey: 'notice.type', kind: 'select', options: TYPE_OPTIONS },
  { name: 'status', labelKey: 'common.status', kind: 'select', options: STATUS_OPTIONS },
];

/** The row offers what the server's `abilities` allow. */
const rowAllows = obeyAbilities<Notice>({ publish: 'release', unpublish: 'unrelease' });

/** Notices (`manage-notice`, code gggl): list, release/unrelease, add and edit on `add-notice`. */
export default function NoticeListPage() {
  return (
    <CrudPage<Notice>
      testId="notice-page"
      titleKey="perm.gggl"
      queryKey="notice"
      fetch={(p) => findNotices(p)}
      columns={columns}
      filters={filters}
      menu="gggl"
      labels={{ publish: 'notice.release', unpublish: 'notice.unrelease' }}
      batch={{ delete: deleteNotices, publish: releaseNotices, unpublish: unreleaseNotices }}
      rowBatch={['publish', 'unpublish', 'delete']}
      rowAllows={rowAllows}
      form={{ addPath: '/dashboard/add-notice', editPath: (r) => `/dashboard/add-notice?id=${r.id}` }}
    />
  );
}
