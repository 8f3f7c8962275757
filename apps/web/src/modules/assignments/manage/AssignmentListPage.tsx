import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ASSIGNMENT_LIFECYCLE, ASSIGNMENT_SORT_KEYS, type AssignmentRow, isOneOf } from '@hanlin/shared';
import { CrudPage, publishableActions, statusColumn, statusFilter, timeColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { deleteAssignments, findAssignments, publishAssignments, unpublishAssignments } from '../api';

const sortable = (k: string) => isOneOf(ASSIGNMENT_SORT_KEYS, k);

function Deadline({ row }: { row: AssignmentRow }) {
  const { t } = useTranslation();
  return (
    <span>
      {formatTime(row.deadline)}{' '}
      {row.expired ? (
        <Tag color="red" data-testid="assignment-expired">
          {t('assignment.expired')}
        </Tag>
      ) : null}
    </span>
  );
}

function CourseCounts({ row }: { row: AssignmentRow }) {
  const { t } = useTranslation();
  return <>{t('assignment.courseCounts', { required: row.requiredCount, elective: row.electiveCount })}</>;
}

const columns: ColumnSpec<AssignmentRow>[] = [
  { key: 'title', titleKey: 'assignment.title', sortable: sortable('title'), render: (r) => <span data-testid="assignment-row-title">{r.title}</span> },
  statusColumn(ASSIGNMENT_LIFECYCLE, { testIdPrefix: 'assignment-status' }),
  { key: 'deadline', titleKey: 'assignment.deadline', sortable: sortable('deadline'), render: (r) => <Deadline row={r} /> },
  { key: 'requiredCount', titleKey: 'assignment.courses', render: (r) => <CourseCounts row={r} /> },
  { key: 'assigneeCount', titleKey: 'assignment.assignees' },
  { key: 'orgName', titleKey: 'assignment.org' },
  timeColumn('createdAt', 'common.createdAt', sortable),
];

const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'common.keyword', testId: 'assignment-filter-keyword' }, statusFilter(ASSIGNMENT_LIFECYCLE)];

function ProgressLink({ row }: { row: AssignmentRow }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" data-testid="assignment-view-progress" onClick={() => void navigate(`/dashboard/view-learn-assign?id=${row.id}`)}>
      {t('assignment.viewProgress')}
    </Button>
  );
}

/** Learning assignments (`manage-learn-assign`, code xxzp): list, publish/unpublish, add and edit on `add-learn-assign`, progress on `view-learn-assign`. */
export default function AssignmentListPage() {
  return (
    <CrudPage<AssignmentRow>
      testId="assignment-page"
      titleKey="perm.xxzp"
      queryKey="learn-assign"
      fetch={(p) => findAssignments(p)}
      columns={columns}
      filters={filters}
      menu="xxzp"
      {...publishableActions<AssignmentRow>(
        { delete: deleteAssignments, publish: publishAssignments, unpublish: unpublishAssignments },
        { publish: 'assignment.publish', unpublish: 'assignment.unpublish' },
      )}
      extraRowActions={(r) => <ProgressLink row={r} />}
      form={{ addPath: '/dashboard/add-learn-assign', editPath: (r) => `/dashboard/add-learn-assign?id=${r.id}` }}
    />
  );
}
