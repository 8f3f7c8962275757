import { useState } from 'react';
import { InputNumber, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CrudPage, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { NOTICE_SORT_KEYS, NOTICE_SORT_MAX, type NoticeRow as Notice, isOneOf } from '@hanlin/shared';
import { obeyAbilities } from '../../../platform/lifecycle';
import { deleteNotices, findNotices, freezeNotices, pinNotices, releaseNotices, sortNotice, unfreezeNotices, unpinNotices, unreleaseNotices } from '../api';
import { NoticeStatusTag, STATUS_OPTIONS, TYPE_OPTIONS } from './notice-meta';

const sortable = (k: string) => isOneOf(NOTICE_SORT_KEYS, k);

function TypeText({ type }: { type: Notice['type'] }) {
  const { t } = useTranslation();
  return <>{t(`notice.type_${type}`)}</>;
}

/** The title, with a "pinned" tag when the notice is pinned. */
function TitleCell({ r }: { r: Notice }) {
  const { t } = useTranslation();
  return (
    <span>
      {r.pinned ? (
        <Tag color="red" data-testid="notice-row-pinned">
          {t('notice.pinned')}
        </Tag>
      ) : null}
      <span data-testid="notice-row-title">{r.title}</span>
    </span>
  );
}

/** The sort number, changed in place (any state) where the row's abilities allow it. */
function SortCell({ r }: { r: Notice }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [value, setValue] = useState<number | null>(r.sort);
  if (!r.abilities.sort) return <>{r.sort}</>;
  const save = async () => {
    if (value === null || value === r.sort) return setValue(r.sort);
    await sortNotice({ id: r.id, sort: value }).catch(() => setValue(r.sort));
    await qc.invalidateQueries({ queryKey: ['notice'] });
  };
  return (
    <InputNumber
      size="small"
      min={0}
      max={NOTICE_SORT_MAX}
      precision={0}
      value={value}
      onChange={setValue}
      onBlur={() => void save()}
      onPressEnter={() => void save()}
      aria-label={t('notice.sort')}
      style={{ width: 96 }}
      data-testid="notice-row-sort"
    />
  );
}

const columns: ColumnSpec<Notice>[] = [
  { key: 'title', titleKey: 'notice.title', sortable: sortable('title'), render: (r) => <TitleCell r={r} /> },
  { key: 'type', titleKey: 'notice.type', render: (r) => <TypeText type={r.type} /> },
  { key: 'status', titleKey: 'common.status', render: (r) => <NoticeStatusTag status={r.status} /> },
  { key: 'sort', titleKey: 'notice.sort', sortable: sortable('sort'), width: 120, render: (r) => <SortCell key={`${r.id}:${r.sort}`} r={r} /> },
  { key: 'displayTime', titleKey: 'notice.displayTime', sortable: sortable('displayTime'), render: (r) => formatTime(r.displayTime) },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'notice-filter-keyword' },
  { name: 'type', labelKey: 'notice.type', kind: 'select', options: TYPE_OPTIONS },
  { name: 'status', labelKey: 'common.status', kind: 'select', options: STATUS_OPTIONS },
];

/** The row offers what the server's `abilities` allow. */
const rowAllows = obeyAbilities<Notice>({ publish: 'release', unpublish: 'unrelease' });

/** Notices (`manage-notice`, code gggl): list, release/unrelease, freeze, pin, sort; add and edit on `add-notice`. */
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
      labels={{ publish: 'notice.release', unpublish: 'notice.unrelease', freeze: 'notice.freeze', unfreeze: 'notice.unfreeze' }}
      batch={{ delete: deleteNotices, publish: releaseNotices, unpublish: unreleaseNotices, freeze: freezeNotices, unfreeze: unfreezeNotices }}
      rowBatch={['publish', 'unpublish', 'freeze', 'unfreeze', 'delete']}
      rowAllows={rowAllows}
      extraBatch={[
        { key: 'pin', labelKey: 'notice.pin', perm: 'gggl:modify', run: (ids) => pinNotices({ ids }), row: (r) => r.abilities.pin },
        { key: 'unpin', labelKey: 'notice.unpin', perm: 'gggl:modify', run: (ids) => unpinNotices({ ids }), row: (r) => r.abilities.unpin },
      ]}
      form={{ addPath: '/dashboard/add-notice', editPath: (r) => `/dashboard/add-notice?id=${r.id}` }}
    />
  );
}
