import { Link } from 'react-router';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CrudPage, booleanFilter, timeColumn, type ColumnSpec, type FilterSpec, sortableIn } from '../../../platform/kernel';
import { HELP_TEMPLATE_SORT_KEYS, type HelpTemplateRow } from '@hanlin/shared';
import { deleteHelpTemplates, findHelpTemplates } from '../api';
import { CATEGORY_OPTIONS } from './help-meta';

const sortable = sortableIn(HELP_TEMPLATE_SORT_KEYS);

function CategoryText({ category }: { category: HelpTemplateRow['category'] }) {
  const { t } = useTranslation();
  return <>{t(`helpTemplates.category_${category}`)}</>;
}

function PublishedTag({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return <Tag color={published ? 'green' : 'default'}>{t(published ? 'helpTemplates.published' : 'helpTemplates.unpublished')}</Tag>;
}

const columns: ColumnSpec<HelpTemplateRow>[] = [
  { key: 'title', titleKey: 'helpTemplates.title', sortable: sortable('title'), ellipsis: true, render: (r) => <span data-testid="help-template-row-title">{r.title}</span> },
  { key: 'category', titleKey: 'helpTemplates.category', render: (r) => <CategoryText category={r.category} /> },
  { key: 'attachments', titleKey: 'helpTemplates.attachments', render: (r) => r.attachments.length },
  { key: 'sort', titleKey: 'helpTemplates.sort', sortable: sortable('sort') },
  { key: 'published', titleKey: 'common.status', render: (r) => <PublishedTag published={r.published} /> },
  timeColumn('updatedAt', 'helpTemplates.updatedAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'common.keyword', testId: 'help-template-filter-keyword' },
  { name: 'category', labelKey: 'helpTemplates.category', kind: 'select', options: CATEGORY_OPTIONS },
  booleanFilter('published', 'common.status', { true: 'helpTemplates.published', false: 'helpTemplates.unpublished' }),
];

function ReadLink() {
  const { t } = useTranslation();
  return (
    <Link to="/dashboard/help-and-template-read">
      <Button data-testid="help-template-read-link">{t('helpTemplates.readAll')}</Button>
    </Link>
  );
}

/** Help documents and templates (`help-and-template`, code bzmb): all of them, edited on `update-help-template`. */
export default function HelpTemplateListPage() {
  return (
    <CrudPage<HelpTemplateRow>
      testId="help-template-page"
      titleKey="perm.bzmb"
      queryKey="helpTemplate"
      fetch={(p) => findHelpTemplates(p)}
      columns={columns}
      filters={filters}
      menu="bzmb"
      batch={{ delete: deleteHelpTemplates }}
      rowBatch={['delete']}
      toolbar={() => <ReadLink />}
      form={{ addPath: '/dashboard/update-help-template', editPath: (r) => `/dashboard/update-help-template?id=${r.id}` }}
    />
  );
}
