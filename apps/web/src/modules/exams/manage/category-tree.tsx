import { ExamCategoryInsertSchema, type ExamCategoryNode } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { TreePage } from '../../../platform/components/TreePage';
import { useCan } from '../../../platform/permission';
import { deleteExamCategory, getExamCategoryTree, insertExamCategory, sortExamCategory, updateExamCategory } from '../api';

const TREE_API = { load: getExamCategoryTree, insert: insertExamCategory, update: updateExamCategory, remove: deleteExamCategory, sort: sortExamCategory };
const TREE_TEXTS = {
  addRoot: 'exam.category.addRoot',
  addChild: 'exam.category.addChild',
  insertAbove: 'exam.category.insertAbove',
  insertBelow: 'exam.category.insertBelow',
  edit: 'exam.category.edit',
  name: 'exam.category.name',
  hint: 'exam.category.hint',
  empty: 'exam.category.empty',
};

/** The exam classification tree (right-click: add, edit, insert above/below, delete; drag to sort). */
export function ExamCategoryTree(props: { selectedId?: number | null; onSelect?: (id: number | null) => void }) {
  const { t } = useTranslation();
  const can = { add: useCan('ksgl:add'), modify: useCan('ksgl:modify'), delete: useCan('ksgl:delete') };
  return (
    <TreePage<ExamCategoryNode>
      testId="exam-categories"
      title={t('exam.category.title')}
      queryKey={['exams', 'categories']}
      api={TREE_API}
      can={can}
      allowRoot
      texts={TREE_TEXTS}
      schema={ExamCategoryInsertSchema}
      nameMaxLength={30}
      selectedId={props.selectedId ?? null}
      onSelect={props.onSelect ? (n) => props.onSelect!(n ? n.id : null) : undefined}
      onDeleted={(id) => id === props.selectedId && props.onSelect?.(null)}
    />
  );
}
