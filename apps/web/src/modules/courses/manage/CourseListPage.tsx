import { Button, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { COURSE_APPROVAL_LIFECYCLE, COURSE_APPROVAL_REASON_MAX, COURSE_LIFECYCLE, COURSE_SORT_KEYS, type CourseRow, isOneOf } from '@hanlin/shared';
import { CrudPage, booleanFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { LifecycleTag, lifecycleOptions, obeyAbilities } from '../../../platform/lifecycle';
import { approveCourses, deleteCourses, exportCourses, findCourses, offShelfCourses, publishCourses, refuseCourses, submitCourses, unpublishCourses } from '../api';
import { useRefuseWithReason } from '../../../platform/components/RefuseWithReason';
import { CourseCategoryTree } from './category-tree';
import { useFiledByCategory } from '../../../platform/components/CategoryTree';

const sortable = (k: string) => isOneOf(COURSE_SORT_KEYS, k);

const columns: ColumnSpec<CourseRow>[] = [
  { key: 'name', titleKey: 'course.name', sortable: sortable('name'), render: (r) => <span data-testid="course-row-name">{r.name}</span> },
  { key: 'categoryName', titleKey: 'course.category.name' },
  { key: 'required', titleKey: 'course.required', render: (r) => <RequiredTag required={r.required} /> },
  { key: 'credit', titleKey: 'course.credit', sortable: sortable('credit') },
  { key: 'labels', titleKey: 'course.labels', render: (r) => r.labels.map((l) => <Tag key={l}>{l}</Tag>) },
  { key: 'chapterCount', titleKey: 'course.chapterCount' },
  { key: 'learnerCount', titleKey: 'course.learnerCount' },
  { key: 'status', titleKey: 'course.status', render: (r) => <LifecycleTag lifecycle={COURSE_LIFECYCLE} state={r.status} testId="course-row-status" /> },
  { key: 'approval', titleKey: 'course.approval', render: (r) => (r.approval === 'none' ? null : <LifecycleTag lifecycle={COURSE_APPROVAL_LIFECYCLE} state={r.approval} />) },
  { key: 'creatorName', titleKey: 'course.creator' },
  timeColumn('createdAt', 'course.createdAt', sortable),
];

function RequiredTag({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return <Tag color={required ? 'blue' : 'default'}>{t(required ? 'course.compulsory' : 'course.elective')}</Tag>;
}

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'course.name', testId: 'course-filter-keyword' },
  { name: 'status', labelKey: 'course.status', kind: 'select', options: lifecycleOptions(COURSE_LIFECYCLE) },
  { name: 'approval', labelKey: 'course.approval', kind: 'select', options: lifecycleOptions(COURSE_APPROVAL_LIFECYCLE) },
  booleanFilter('required', 'course.kind', { true: 'course.compulsory', false: 'course.elective' }),
  { name: 'label', labelKey: 'course.label' },
];

/** Courses (`manage-course`, code kcgl): the classification on the left, the list with both states, batch actions. */
export default function CourseListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filed = useFiledByCategory<CourseRow>(CourseCategoryTree, '/dashboard/add-course');
  // Submitted courses are approved or refused here too by holders of kcgl:approve (the rows' abilities say who).
  const refuse = useRefuseWithReason<CourseRow>({
    prefix: 'course',
    title: (r) => t('course.refuseTitle', { name: r.name }),
    maxLength: COURSE_APPROVAL_REASON_MAX,
    refuse: refuseCourses,
    queryKey: 'courses',
  });
  return (
    <>
      <CrudPage<CourseRow>
        testId="course-page"
        titleKey="perm.kcgl"
        queryKey="courses"
        fetch={(p) => findCourses(p)}
        exportFile={(p) => exportCourses(p)}
        columns={columns}
        filters={filters}
        menu="kcgl"
        batch={{ publish: publishCourses, unpublish: unpublishCourses, delete: deleteCourses }}
        rowBatch={['publish', 'unpublish']}
        rowAllows={obeyAbilities<CourseRow>()}
        extraBatch={[
          { key: 'offShelf', labelKey: 'course.offShelf', run: (ids) => offShelfCourses({ ids }), perm: 'kcgl:unpublish', danger: true, row: (r) => r.abilities.offShelf },
          { key: 'submit', labelKey: 'course.submit', run: (ids) => submitCourses({ ids }), perm: 'kcgl:add', row: (r) => r.abilities.submit },
          { key: 'approve', labelKey: 'course.approve', run: (ids) => approveCourses({ ids }), perm: 'kcgl:approve', row: (r) => r.abilities.approve },
        ]}
        {...filed}
        sideWidth={280}
        extraRowActions={(r) => (
          <Space size={0}>
            {r.abilities.modify && (
              <Button size="small" type="link" data-testid="course-build" onClick={() => void navigate(`/dashboard/add-buildCourse?id=${r.id}`)}>
                {t('course.build')}
              </Button>
            )}
            {refuse.rowAction(r)}
            {r.approval === 'refused' && r.approvalReason && <Tag color="red">{t('course.refusedBecause', { reason: r.approvalReason })}</Tag>}
          </Space>
        )}
      />
      {refuse.dialog}
    </>
  );
}
