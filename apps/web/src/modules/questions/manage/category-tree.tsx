import { QuestionCategoryInsertSchema, type QuestionCategoryNode } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { TreePage } from '../../../platform/components/TreePage';
import { useCan } from '../../../platform/permission';
import { deleteQuestionCategory, getQuestionCategoryTree, insertQuestionCategory, sortQuestionCategory, updateQuestionCategory } from '../api';

const TREE_API = { load: getQuestionCategoryTree, insert: insertQuestionCategory, update: updateQuestionCategory, remove: deleteQuestionCategory, sort: sortQuestionCategory };
const TREE_TEXTS = {
  addRoot: 'question.category.addRoot',
  addChild: 'question.category.addChild',
  insertAbove: 'question.category.insertAbove',
  insertBelow: 'question.category.insertBelow',
  edit: 'question.category.edit',
  name: 'question.category.name',
  hint: 'question.category.hint',
  empty: 'question.category.empty',
};

/** The question classification tree (right-click: add, edit, insert above/below, delete; drag to sort). */
export function QuestionCategoryTree(props: { selectedId?: number | null; onSelect?: (id: number | null) => void }) {
  const { t } = useTranslation();
  const can = { add: useCan('tkgl:add'), modify: useCan('tkgl:modify'), delete: useCan('tkgl:delete') };
  return (
    <TreePage<QuestionCategoryNode>
      testId="question-categories"
      title={t('question.category.title')}
      queryKey={['questions', 'categories']}
      api={TREE_API}
      can={can}
      allowRoot
      texts={TREE_TEXTS}
      schema={QuestionCategoryInsertSchema}
      nameMaxLength={30}
      selectedId={props.selectedId ?? null}
      onSelect={props.onSelect ? (n) => props.onSelect!(n ? n.id : null) : undefined}
      onDeleted={(id) => id === props.selectedId && props.onSelect?.(null)}
    />
  );
}
