import { useState } from 'react';
import { Button, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COURSE_APPROVAL_LIFECYCLE, COURSE_APPROVAL_REASON_MAX, type CourseRow } from '@hanlin/shared';
import { CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';
import { formatTime } from '../../../platform/format';
import { approveCourses, findPendingCourses, refuseCourses } from '../api';
import { useFeedback } from '../../../platform/feedback';

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
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [refusing, setRefusing] = useState<CourseRow | null>(null);
  const [reason, setReason] = useState('');
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
        extraRowActions={(r) =>
          r.abilities.refuse ? (
            <Button size="small" type="link" danger data-testid="course-refuse" onClick={() => setRefusing(r)}>
              {t('course.refuse')}
            </Button>
          ) : null
        }
      />
      <Modal
        open={!!refusing}
        title={t('course.refuseTitle', { name: refusing?.name })}
        okButtonProps={{ disabled: !reason.trim(), danger: true }}
        onCancel={() => setRefusing(null)}
        destroyOnHidden
        onOk={async () => {
          await refuseCourses({ ids: [refusing!.id], reason: reason.trim() });
          void message.success(t('common.done'));
          setRefusing(null);
          setReason('');
          await queryClient.invalidateQueries({ queryKey: ['courses-approval'] });
        }}
      >
        <Input.TextArea
          value={reason}
          maxLength={COURSE_APPROVAL_REASON_MAX}
          showCount
          placeholder={t('course.refuseReason')}
          onChange={(e) => setReason(e.target.value)}
          data-testid="course-refuse-reason"
        />
      </Modal>
    </>
  );
}
