import { Rate } from 'antd';
import { COMMENT_LIFECYCLE, type CourseCommentRow } from '@hanlin/shared';
import { CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { LifecycleTag, lifecycleOptions } from '../../../platform/lifecycle';
import { formatTime } from '../../../platform/format';
import { findManagedComments, restoreComments, shieldComments } from '../api';

const columns: ColumnSpec<CourseCommentRow>[] = [
  { key: 'courseName', titleKey: 'course.name' },
  { key: 'userName', titleKey: 'course.comment.user' },
  { key: 'content', titleKey: 'course.comment.content', ellipsis: true, render: (r) => <span data-testid="comment-row-content">{r.content}</span> },
  { key: 'rating', titleKey: 'course.comment.rating', render: (r) => (r.rating ? <Rate disabled value={r.rating} style={{ fontSize: 12 }} /> : null) },
  { key: 'status', titleKey: 'course.status', render: (r) => <LifecycleTag lifecycle={COMMENT_LIFECYCLE} state={r.status} /> },
  { key: 'createdAt', titleKey: 'course.comment.time', render: (r) => formatTime(r.createdAt) },
];
const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'course.comment.keyword' },
  { name: 'status', labelKey: 'course.status', kind: 'select', options: lifecycleOptions(COMMENT_LIFECYCLE) },
];

/** Course comments (`manage-course-comment`, code kcpl): shield a comment from learners, or restore it. */
export default function CourseCommentPage() {
  return (
    <CrudPage<CourseCommentRow>
      testId="course-comment-page"
      titleKey="perm.kcpl"
      queryKey="course-comments"
      fetch={(p) => findManagedComments(p)}
      columns={columns}
      filters={filters}
      menu="kcpl"
      extraBatch={[
        { key: 'shield', labelKey: 'course.comment.shield', run: (ids) => shieldComments({ ids }), perm: 'kcpl:modify', danger: true, row: (r) => r.abilities.shield },
        { key: 'restore', labelKey: 'course.comment.restore', run: (ids) => restoreComments({ ids }), perm: 'kcpl:modify', row: (r) => r.abilities.restore },
      ]}
    />
  );
}
