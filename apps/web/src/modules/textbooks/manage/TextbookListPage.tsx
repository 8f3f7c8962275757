import { useState } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEXTBOOK_LIFECYCLE, TEXTBOOK_SORT_KEYS, TextbookCategoryInsertSchema, type TextbookCategoryNode, type TextbookRow } from '@hanlin/shared';
import { CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { TreePage } from '../../../platform/components/TreePage';
import { LifecycleTag, lifecycleOptions, obeyAbilities } from '../../../platform/lifecycle';
import { useCan } from '../../../platform/permission';
import { formatTime } from '../../../platform/format';
import {
  deleteTextbookCategory,
  deleteTextbooks,
  findTextbooks,
  getTextbookCategoryTree,
  insertTextbookCategory,
  offShelfTextbooks,
  publishTextbooks,
  sortTextbookCategory,
  unpublishTextbooks,
  updateTextbookCategory,
} from '../api';

const sortable = (k: string) => (TEXTBOOK_SORT_KEYS as readonly string[]).includes(k);
const TREE_API = {
  load: getTextbookCategoryTree,
  insert: insertTextbookCategory,
  update: updateTextbookCategory,
  remove: deleteTextbookCategory,
  sort: sortTextbookCategory,
};
const TREE_TEXTS = {
  addRoot: 'textbook.category.addRoot',
  addChild: 'textbook.category.addChild',
  insertAbove: 'textbook.category.insertAbove',
  insertBelow: 'textbook.category.insertBelow',
  edit: 'textbook.category.edit',
  name: 'textbook.category.name',
  hint: 'textbook.category.hint',
  empty: 'textbook.category.empty',
};

const columns: ColumnSpec<TextbookRow>[] = [
  {
    key: 'cover',
    titleKey: 'textbook.cover',
    width: 72,
    render: (r) => (r.coverUrl ? <img src={r.coverUrl} alt="" style={{ width: 48, height: 64, objectFit: 'cover', borderRadius: 2 }} /> : null),
  },
  { key: 'name', titleKey: 'textbook.name', sortable: sortable('name'), render: (r) => <span data-testid="textbook-row-name">{r.name}</span> },
  { key: 'status', titleKey: 'common.status', render: (r) => <LifecycleTag lifecycle={TEXTBOOK_LIFECYCLE} state={r.status} testId="textbook-row-status" /> },
  { key: 'categoryName', titleKey: 'textbook.category.name' },
  { key: 'labels', titleKey: 'textbook.labels', render: (r) => r.labels.map((l) => <Tag key={l}>{l}</Tag>) },
  { key: 'author', titleKey: 'textbook.author' },
  { key: 'publisher', titleKey: 'textbook.publisher' },
  { key: 'creatorName', titleKey: 'textbook.creator' },
  { key: 'createdAt', titleKey: 'common.createdAt', sortable: sortable('createdAt'), render: (r) => formatTime(r.createdAt) },
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'textbook.name', testId: 'textbook-filter-keyword' },
  { name: 'status', labelKey: 'common.status', kind: 'select', options: lifecycleOptions(TEXTBOOK_LIFECYCLE) },
];

const rowAllows = obeyAbilities<TextbookRow>();

/** Digital textbooks (`textbooks-digital`, code szjc): category tree, list, publish / unpublish / off the shelf. */
export default function TextbookListPage() {
  const { t } = useTranslation();
  const can = { add: useCan('szjc:add'), modify: useCan('szjc:modify'), delete: useCan('szjc:delete') };
  const [category, setCategory] = useState<number | null>(null);
  const side = (
    <TreePage<TextbookCategoryNode>
      testId="textbook-categories"
      title={t('textbook.category.title')}
      queryKey={['textbook', 'categories']}
      api={TREE_API}
      can={can}
      allowRoot
      texts={TREE_TEXTS}
      schema={TextbookCategoryInsertSchema}
      nameMaxLength={30}
      selectedId={category}
      onSelect={(n) => setCategory(n ? n.id : null)}
      onDeleted={(id) => id === category && setCategory(null)}
    />
  );
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
      form={{ addPath: `/dashboard/add-textbooks${category ? `?categoryId=${category}` : ''}`, editPath: (r) => `/dashboard/add-textbooks?id=${r.id}` }}
      extraFilters={category ? { categoryId: category } : {}}
      side={side}
      sideWidth={300}
    />
  );
}
