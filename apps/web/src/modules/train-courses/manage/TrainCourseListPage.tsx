import { TRAIN_COURSE_LIFECYCLE, TRAIN_COURSE_SORT_KEYS, type TrainCourseRow } from '@hanlin/shared';
import { CrudPage, pictureColumn, sortableIn, statusColumn, statusFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { useFiledByCategory } from '../../../platform/components/CategoryTree';
import { obeyAbilities } from '../../../platform/lifecycle';
import { deleteTrainCourses, disableTrainCourses, enableTrainCourses, exportTrainCourses, findTrainCourses } from '../api';
import { LecturerSelect } from '../components/LecturerSelect';
import { TrainCourseCategoryTree } from './category-tree';

const sortable = sortableIn(TRAIN_COURSE_SORT_KEYS);

const columns: ColumnSpec<TrainCourseRow>[] = [
  pictureColumn<TrainCourseRow>('cover', 'trainCourse.cover', (r) => r.coverUrl, { width: 64, height: 36, radius: 2, column: 88 }),
  { key: 'name', titleKey: 'trainCourse.name', sortable: sortable('name'), ellipsis: true, render: (r) => <span data-testid="train-course-row-name">{r.name}</span> },
  { key: 'categoryName', titleKey: 'trainCourse.category.name', priority: 'medium' },
  { key: 'hours', titleKey: 'trainCourse.hours', sortable: sortable('hours'), width: 90 },
  { key: 'lecturers', titleKey: 'trainCourse.lecturers', ellipsis: true, render: (r) => r.lecturers.map((l) => l.name).join(', ') },
  { key: 'audience', titleKey: 'trainCourse.audience', ellipsis: true, priority: 'low' },
  statusColumn<TrainCourseRow>(TRAIN_COURSE_LIFECYCLE, { testIdPrefix: 'train-course-row' }),
  { key: 'orgName', titleKey: 'trainCourse.org', priority: 'low' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'trainCourse.name', testId: 'train-course-filter-keyword' },
  statusFilter(TRAIN_COURSE_LIFECYCLE, { testId: 'train-course-filter-status' }),
  { name: 'lecturerId', labelKey: 'trainCourse.lecturer', kind: 'select', control: <LecturerSelect testId="train-course-filter-lecturer" /> },
];

const rowAllows = obeyAbilities<TrainCourseRow>();

/** Face-to-face courses (`manage-train-course`, code pxkcgl): classification tree, list, enable / disable, export; add and edit on `add-train-course`. */
export default function TrainCourseListPage() {
  const filed = useFiledByCategory<TrainCourseRow>(TrainCourseCategoryTree, '/dashboard/add-train-course');
  return (
    <CrudPage<TrainCourseRow>
      testId="train-courses-page"
      titleKey="perm.pxkcgl"
      queryKey="train-course"
      fetch={(p) => findTrainCourses(p)}
      columns={columns}
      filters={filters}
      menu="pxkcgl"
      batch={{ delete: deleteTrainCourses }}
      extraBatch={[
        { key: 'enable', labelKey: 'trainCourse.enable', run: (ids) => enableTrainCourses({ ids }), perm: 'pxkcgl:modify', row: (r) => r.abilities.enable },
        {
          key: 'disable',
          labelKey: 'trainCourse.disable',
          run: (ids) => disableTrainCourses({ ids }),
          perm: 'pxkcgl:modify',
          confirmKey: 'trainCourse.disableConfirm',
          row: (r) => r.abilities.disable,
        },
      ]}
      exportFile={(q) => exportTrainCourses(q)}
      rowAllows={rowAllows}
      {...filed}
      sideWidth={280}
    />
  );
}
