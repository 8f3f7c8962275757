import { Tag } from 'antd';
import { TEXTBOOK_LIFECYCLE, TEXTBOOK_SORT_KEYS, textbookRoutes, type TextbookRow, isOneOf } from '@hanlin/shared';
import { CrudPage, pictureColumn, statusFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { defineCategoryTree, useFiledByCategory } from '../../../platform/components/CategoryTree';
import { LifecycleTag, obeyAbilities } from '../../../platform/lifecycle';
import { deleteTextbooks, findTextbooks, offShelfTextbooks, publishTextbooks, unpublishTextbooks } from '../api';

const sortable = (k: string) => isOneOf(TEXTBOOK_SORT_KEYS, k);
const CategoryTree = defineCategoryTree({ name: 'textbook', permission: 'szjc', queryKey: ['textbook', 'categories'], routes: textbookRoutes });

const columns: ColumnSpec<TextbookRow>[] = [
  pictureColumn<TextbookRow>('cover', 'textbook.cover', (r) => r.coverUrl, { width: 48, height: 64, radius: 2, column: 72 }),
  { key: 'name', titleKey: 'textbook.name', sortable: sortable('name'), render: (r) => <span data-testid="textbook-row-name">{r.name}</span> },
  { key: 'status', titleKey: 'common.status', render: (r) => <LifecycleTag lifecycle={TEXTBOOK_LIFECYCLE} state={r.status} testId="textbook-row-status" /> },
  { key: 'categoryName', titleKey: 'textbook.category.name' },
  { key: 'labels', titleKey: 'textbook.labels', render: (r) => r.labels.map((l) => <Tag key={l}>{l}</Tag>) },
  { key: 'author', titleKey: 'textbook.author' },
  { key: 'publisher', titleKey: 'textbook.publisher' },
  { key: 'creatorName', titleKey: 'textbook.creator' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'textbook.name', testId: 'textbook-filter-keyword' }, statusFilter(TEXTBOOK_LIFECYCLE)];

const rowAllows = obeyAbilities<TextbookRow>();

/** Digital textbooks (`textbooks-digital`, code szjc): category tree, list, publish / unpublish / off the shelf. */
export default function TextbookListPage() {
  const filed = useFiledByCategory<TextbookRow>(CategoryTree, '/dashboard/add-textbooks');
  return (
    <CrudPage<TextbookRow>
      testId="textbook-page"
      titleKey="perm.szjc"
      queryKey="textbook"
      fetch={(p) => findTextbooks(p)}
      columns={columns}
      filters={filters}
      menu="szjc"
      batch={{ delete: deleteTextbooks, publish: publishTextbooks, unpublish: unpublishTextbooks }}
      rowBatch={['publish', 'unpublish', 'delete']}
      extraBatch={[
        {
          key: 'offShelf',
          labelKey: 'textbook.offShelf',
          run: (ids) => offShelfTextbooks({ ids }),
          perm: 'szjc:unpublish',
          danger: true,
          confirmKey: 'textbook.offShelfConfirm',
          row: (r) => r.abilities.offShelf,
        },
      ]}
      rowAllows={rowAllows}
      {...filed}
      sideWidth={300}
    />
  );
}
