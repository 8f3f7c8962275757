import { CrudPage, pictureColumn, statusColumn, statusFilter, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { BANNER_LIFECYCLE, BANNER_SORT_KEYS, type BannerRow as Banner, isOneOf } from '@hanlin/shared';
import { obeyAbilities } from '../../../platform/lifecycle';
import { deleteBanners, findBanners, releaseBanners, unreleaseBanners } from '../api';

const sortable = (k: string) => isOneOf(BANNER_SORT_KEYS, k);
const period = (r: Banner) => (r.startAt || r.endAt ? `${r.startAt ? formatTime(r.startAt) : '…'} – ${r.endAt ? formatTime(r.endAt) : '…'}` : '—');

const columns: ColumnSpec<Banner>[] = [
  pictureColumn<Banner>('image', 'banner.image', (r) => r.imageUrl, { width: 120, height: 38, radius: 4, column: 140 }),
  { key: 'title', titleKey: 'banner.title', sortable: sortable('title'), render: (r) => <span data-testid="banner-row-title">{r.title}</span> },
  { key: 'link', titleKey: 'banner.link', ellipsis: true, render: (r) => r.link ?? '—' },
  { key: 'sort', titleKey: 'banner.sort', sortable: sortable('sort'), width: 90 },
  { key: 'startAt', titleKey: 'banner.period', sortable: sortable('startAt'), render: period },
  statusColumn(BANNER_LIFECYCLE, { testIdPrefix: 'banner-status' }),
];

const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'common.keyword', testId: 'banner-filter-keyword' }, statusFilter(BANNER_LIFECYCLE)];

const rowAllows = obeyAbilities<Banner>({ publish: 'release', unpublish: 'unrelease' });

/** Banners (`manage-banner`, code tggl): the portal carousel's pictures; add and edit on `add-banner`. */
export default function BannerListPage() {
  return (
    <CrudPage<Banner>
      testId="banner-page"
      titleKey="perm.tggl"
      queryKey="banner"
      fetch={(p) => findBanners(p)}
      columns={columns}
      filters={filters}
      defaultSort="sort"
      menu="tggl"
      labels={{ publish: 'banner.release', unpublish: 'banner.unrelease' }}
      batch={{ delete: deleteBanners, publish: releaseBanners, unpublish: unreleaseBanners }}
      rowBatch={['publish', 'unpublish', 'delete']}
      rowAllows={rowAllows}
      form={{ addPath: '/dashboard/add-banner', editPath: (r) => `/dashboard/add-banner?id=${r.id}` }}
    />
  );
}
