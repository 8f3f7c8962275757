import { DICT_TYPES, isOneOf, QA_LIFECYCLE, QA_SORT_KEYS, type QaRow } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { CrudPage, statusFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { obeyAbilities } from '../../../platform/lifecycle';
import { useSession } from '../../../platform/session';
import { can } from '../../../platform/permission';
import { DictSelect } from '../../dict/index';
import { deleteQa, findQaEntries, pinQa, releaseQa, unpinQa, unreleaseQa } from '../api';
import { QaStateTag, QaTitle } from './qa-meta';
import { SensitiveWordsButton } from './SensitiveWordsButton';

const sortable = (k: string) => isOneOf(QA_SORT_KEYS, k);

function CategoryText({ r }: { r: QaRow }) {
  const { t } = useTranslation();
  return <>{r.categoryLabel ?? r.category ?? t('qa.noCategory')}</>;
}

const columns: ColumnSpec<QaRow>[] = [
  { key: 'title', titleKey: 'qa.title', sortable: sortable('title'), render: (r) => <QaTitle title={r.title} pinned={r.pinned} testId="qa-row" /> },
  { key: 'category', titleKey: 'qa.category', render: (r) => <CategoryText r={r} /> },
  { key: 'state', titleKey: 'common.status', render: (r) => <QaStateTag state={r.state} /> },
  { key: 'answerCount', titleKey: 'qa.answerCount', sortable: sortable('answerCount'), width: 110 },
  { key: 'releasedAt', titleKey: 'qa.releasedAt', sortable: sortable('releasedAt'), render: (r) => (r.releasedAt ? formatTime(r.releasedAt) : '—') },
  { key: 'creatorName', titleKey: 'qa.creator', priority: 'medium' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'qa-filter-keyword' },
  { ...statusFilter(QA_LIFECYCLE), name: 'state', testId: 'qa-filter-state' },
  { name: 'category', labelKey: 'qa.category', control: <DictSelect type={DICT_TYPES.qaCategory} testId="qa-filter-category" /> },
];

/** The row offers what the server's `abilities` allow (unrelease: not while pinned or answered). */
const rowAllows = obeyAbilities<QaRow>({ publish: 'release', unpublish: 'unrelease' });

/** Q&A (`manage-QA`, code wdgl): list, release/unrelease, pin within the limit, sensitive words; add and edit on `add-QA`. */
export default function QaListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const granted = useSession((s) => s.operateAuth);
  return (
    <CrudPage<QaRow>
      testId="qa-page"
      titleKey="perm.wdgl"
      queryKey="qa"
      fetch={(p) => findQaEntries(p)}
      columns={columns}
      filters={filters}
      menu="wdgl"
      labels={{ publish: 'qa.release', unpublish: 'qa.unrelease' }}
      batch={{ delete: deleteQa, publish: releaseQa, unpublish: unreleaseQa }}
      rowBatch={['publish', 'unpublish', 'delete']}
      rowAllows={rowAllows}
      extraBatch={[
        { key: 'pin', labelKey: 'qa.pin', perm: 'wdgl:modify', run: (ids) => pinQa({ ids }), row: (r) => r.abilities.pin },
        { key: 'unpin', labelKey: 'qa.unpin', perm: 'wdgl:modify', run: (ids) => unpinQa({ ids }), row: (r) => r.abilities.unpin },
      ]}
      toolbar={() => (
        <>
          <Button onClick={() => void navigate('/dashboard/manage-QA-replies')} data-testid="qa-replies-open">
            {t('qaReplies.open')}
          </Button>
          {can(granted, ['wdgl:modify']) ? <SensitiveWordsButton /> : null}
        </>
      )}
      form={{ addPath: '/dashboard/add-QA', editPath: (r) => `/dashboard/add-QA?id=${r.id}` }}
    />
  );
}
