import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_SORT_KEYS, type AppVersionManageRow } from '@hanlin/shared';
import { sortableIn, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { deleteAppVersions, findAppVersionsManaged } from '../api';
import { PLATFORM_OPTIONS, TERMINAL_OPTIONS } from './app-version-meta';

const sortable = sortableIn(APP_VERSION_SORT_KEYS);

function Text({ k, color }: { k: string; color?: string }) {
  const { t } = useTranslation();
  return color ? <Tag color={color}>{t(k)}</Tag> : <>{t(k)}</>;
}

const columns: ColumnSpec<AppVersionManageRow>[] = [
  { key: 'version', titleKey: 'appVersion.version', sortable: sortable('version'), render: (r) => <span data-testid="app-version-row-version">{r.version}</span> },
  { key: 'terminal', titleKey: 'appVersion.terminal', render: (r) => <Text k={`appVersion.terminal_${r.terminal}`} color="blue" /> },
  { key: 'platform', titleKey: 'appVersion.platform', render: (r) => <Text k={`appVersion.platform_${r.platform}`} color="purple" /> },
  {
    key: 'description',
    titleKey: 'appVersion.description',
    render: (r) => (
      <Typography.Paragraph ellipsis={{ rows: 2, tooltip: r.description }} style={{ marginBottom: 0, maxWidth: 420 }}>
        {r.description}
      </Typography.Paragraph>
    ),
  },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'appVersion.version', testId: 'app-version-filter-keyword' },
  { name: 'terminal', labelKey: 'appVersion.terminal', kind: 'select', options: TERMINAL_OPTIONS, testId: 'app-version-filter-terminal' },
  { name: 'platform', labelKey: 'appVersion.platform', kind: 'select', options: PLATFORM_OPTIONS, testId: 'app-version-filter-platform' },
];

/** App versions (`manage-appVersion-setting`, code bbgl); add and edit on `manage-add-appver`. */
export default function AppVersionListPage() {
  return (
    <CrudPage<AppVersionManageRow>
      testId="app-versions-page"
      titleKey="perm.bbgl"
      queryKey="app-version"
      fetch={(p) => findAppVersionsManaged(p)}
      columns={columns}
      filters={filters}
      menu="bbgl"
      batch={{ delete: deleteAppVersions }}
      form={{ addPath: '/dashboard/manage-add-appver', editPath: (r) => `/dashboard/manage-add-appver?id=${r.id}` }}
    />
  );
}
