import { CourseCategoryInsertSchema, type CourseCategoryNode } from '@hanlin/shared';
import { useTranslation } from 'react-i18next';
import { TreePage } from '../../../platform/components/TreePage';
import { useCan } from '../../../platform/permission';
import { deleteCourseCategory, getCourseCategoryTree, insertCourseCategory, sortCourseCategory, updateCourseCategory } from '../api';

const TREE_API = { load: getCourseCategoryTree, insert: insertCourseCategory, update: updateCourseCategory, remove: deleteCourseCategory, sort: sortCourseCategory };
const TREE_TEXTS = {
  addRoot: 'course.category.addRoot',
  addChild: 'course.category.addChild',
  insertAbove: 'course.category.insertAbove',
  insertBelow: 'course.category.insertBelow',
  edit: 'course.category.edit',
  name: 'course.category.name',
  hint: 'course.category.hint',
  empty: 'course.category.empty',
};

/** The course classification tree (right-click: add, edit, insert above/below, delete; drag to sort). */
export function CourseCategoryTree(props: { selectedId?: number | null; onSelect?: (id: number | null) => void }) {
  const { t } = useTranslation();
  const can = { add: useCan('kcfl:add'), modify: useCan('kcfl:modify'), delete: useCan('kcfl:delete') };
  return (
    <TreePage<CourseCategoryNode>
      testId="course-categories"
      title={t('course.category.title')}
      queryKey={['courses', 'categories']}
      api={TREE_API}
      can={can}
      allowRoot
      texts={TREE_TEXTS}
      schema={CourseCategoryInsertSchema}
      nameMaxLength={30}
      selectedId={props.selectedId ?? null}
      onSelect={props.onSelect ? (n) => props.onSelect!(n ? n.id : null) : undefined}
      onDeleted={(id) => id === props.selectedId && props.onSelect?.(null)}
    />
  );
}
