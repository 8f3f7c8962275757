import { useState } from 'react';
import { Card, Descriptions, Empty, Flex, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ASSIGNEE_SORT_KEYS, ASSIGNEE_STATES, type AssigneeRow, type AssignmentProgress, isOneOf } from '@hanlin/shared';
import { enumFilter, keyedBy, personColumns, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { LearnerStatusTag, OrgReport, ProgressBar, durationText } from '../../course-reports/index';
import { exportAssignmentProgress, findAssignmentProgress } from '../api';

/** A row keyed by user, with a `course<id>` key per course (one table column each). */
type Row = AssigneeRow & { id: number } & Record<`course${number}`, unknown>;
type Meta = Omit<AssignmentProgress, 'records' | 'total' | 'page' | 'size'>;
const sortable = (k: string) => isOneOf(ASSIGNEE_SORT_KEYS, k);

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'assignment.assigneeKeyword', testId: 'assignee-filter-keyword' },
  enumFilter('state', 'assignment.assigneeState', ASSIGNEE_STATES, 'assignment.state_', { testId: 'assignee-filter-state' }),
];

function StateTag({ row }: { row: Row }) {
  const { t } = useTranslation();
  if (row.done) return <Tag color="green">{t('assignment.state_done')}</Tag>;
  if (row.overdue)
    return (
      <Tag color="red" data-testid="assignee-overdue">
        {t('assignment.state_overdue')}
      </Tag>
    );
  return <Tag color="blue">{t('assignment.state_undone')}</Tag>;
}

function columnsOf(meta: Meta | null): ColumnSpec<Row>[] {
  const base: ColumnSpec<Row>[] = [
    ...personColumns<Row>('report', {
      realname: {
        sortable: true,
        render: (r) => (
          <Typography.Text type={r.overdue ? 'danger' : undefined} strong={r.overdue} data-testid="assignee-name">
            {r.realname}
          </Typography.Text>
        ),
      },
    }),
    { key: 'done', titleKey: 'assignment.assigneeState', render: (r) => <StateTag row={r} /> },
    { key: 'progress', titleKey: 'assignment.overall', sortable: sortable('progress'), render: (r) => <ProgressBar value={r.progress} testId="assignee-progress" /> },
    { key: 'passedCount', titleKey: 'report.passed', sortable: sortable('passedCount') },
    { key: 'learnedSeconds', titleKey: 'report.learnedTime', sortable: sortable('learnedSeconds'), render: (r) => durationText(r.learnedSeconds) },
  ];
  // One column per course of the assignment.
  const perCourse = (meta?.courses ?? []).map((c): ColumnSpec<Row> => ({
    key: `course${c.courseId}`,
    titleKey: c.name,
    render: (r) => {
      const cell = r.courses.find((x) => x.courseId === c.courseId);
      return cell ? (
        <Flex vertical gap={2}>
          <ProgressBar value={cell.progress} />
          <LearnerStatusTag status={cell.status} />
        </Flex>
      ) : null;
    },
  }));
  return [...base, ...perCourse];
}

/** `view-learn-assign?id=`: every assignee's progress per course and overall; overdue people in red; filters and export. */
export default function AssignmentProgressPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const [meta, setMeta] = useState<Meta | null>(null);
  if (!id) return <Empty description={t('common.notFound')} />;
  return (
    <Flex vertical gap={12} data-testid="assignment-progress-page">
      {meta ? (
        <Card size="small">
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label={t('assignment.title')}>
              <span data-testid="assignment-progress-title">{meta.title}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('assignment.deadline')}>
              {formatTime(meta.deadline)} {meta.expired ? <Tag color="red">{t('assignment.expired')}</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('assignment.courses')}>
              {meta.courses.map((c) => `${c.name} (${t(c.required ? 'assignment.required' : 'assignment.elective')})`).join('、')}
            </Descriptions.Item>
          </Descriptions>
          <Flex gap={32} wrap>
            <Statistic title={t('assignment.assignees')} value={meta.summary.assignees} />
            <Statistic title={t('assignment.state_done')} value={meta.summary.done} />
            <Statistic title={t('assignment.state_overdue')} value={meta.summary.overdue} valueStyle={meta.summary.overdue ? { color: '#cf1322' } : undefined} />
          </Flex>
        </Card>
      ) : null}
      <OrgReport<Row>
        orgTestId="assignee-org"
        testId="assignee-list"
        titleKey="page.view-learn-assign"
        queryKey="learn-assign-progress"
        fetch={async (p) => {
          const { records, total, page, size, ...rest } = await findAssignmentProgress({ ...p, id });
          setMeta(rest);
          return keyedBy('userId', { records, total, page, size });
        }}
        columns={columnsOf(meta)}
        filters={filters}
        extraFilters={{ id }}
        menu="xxzp"
        exportFile={(q) => exportAssignmentProgress({ ...q, id })}
      />
    </Flex>
  );
}
