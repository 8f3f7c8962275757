import { useTranslation } from 'react-i18next';
import { COURSE_APPROVAL_LIFECYCLE, COURSE_APPROVAL_REASON_MAX, type CourseRow } from '@hanlin/shared';
import { CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';
import { formatTime } from '../../../platform/format';
import { useRefuseWithReason } from '../../../platform/components/RefuseWithReason';
import { approveCourses, findPendingCourses, refuseCourses } from '../api';

const columns: ColumnSpec<CourseRow>[] = [
  { key: 'name', titleKey: 'course.name', render: (r) => <span data-testid="approval-row-name">{r.name}</span> },
  { key: 'categoryName', titleKey: 'course.category.name' },
  { key: 'creatorName', titleKey: 'course.creator' },
  { key: 'orgName', titleKey: 'course.org' },
  { key: 'chapterCount', titleKey: 'course.chapterCount' },
  { key: 'approval', titleKey: 'course.approval', render: (r) => <LifecycleTag lifecycle={COURSE_APPROVAL_LIFECYCLE} state={r.approval} /> },
  { key: 'approvalReason', titleKey: 'course.refuseReason' },
  { key: 'createdAt', titleKey: 'course.createdAt', render: (r) => formatTime(r.createdAt) },
];
const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'course.name' },
  { name: 'approval', labelKey: 'course.approval', kind: 'select', options: lifecycleOptions(COURSE_APPROVAL_LIFECYCLE).filter((o) => o.value !== 'none') },
];

/** Approval of courses lecturers submit (`course-approval`, code kcsp): approve, or refuse with a reason. */
export default function CourseApprovalPage() {
  const { t } = useTranslation();
  const refuse = useRefuseWithReason<CourseRow>({
    prefix: 'course',
    title: (r) => t('course.refuseTitle', { name: r.name }),
    maxLength: COURSE_APPROVAL_REASON_MAX,
    refuse: refuseCourses,
    queryKey: 'courses-approval',
  });
  return (
    <>
      <CrudPage<CourseRow>
        testId="course-approval-page"
        titleKey="perm.kcsp"
        queryKey="courses-approval"
        fetch={(p) => findPendingCourses(p)}
        columns={columns}
        filters={filters}
        defaultFilters={{ approval: 'pending' }}
        menu="kcsp"
        extraBatch={[{ key: 'approve', labelKey: 'course.approve', run: (ids) => approveCourses({ ids }), perm: 'kcsp:approve', row: (r) => r.abilities.approve }]}
        extraRowActions={refuse.rowAction}
      />
      {refuse.dialog}
    </>
  );
}
