import { useState } from 'react';
import { Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CourseInfo, CourseInfoRow } from '@hanlin/shared';
import { keyedBy, personColumns, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { LEARNER_STATUS_OPTIONS, LearnerStatusTag, OrgReport, ProgressBar, RANGE_FILTER, durationText } from '../components/report-parts';
import { exportCourseInfo, findCourseInfo } from '../api';

type Row = CourseInfoRow & { id: number };

function Source({ source }: { source: string }) {
  const { t } = useTranslation();
  return <>{t(source === 'assignment' ? 'report.source_assignment' : 'report.source_self')}</>;
}

const columns: ColumnSpec<Row>[] = [
  ...personColumns<Row>('report', { realname: { sortable: true } }),
  { key: 'source', titleKey: 'report.source', render: (r) => <Source source={r.source} /> },
  { key: 'status', titleKey: 'common.status', render: (r) => <LearnerStatusTag status={r.status} /> },
  { key: 'progress', titleKey: 'report.progress', sortable: true, render: (r) => <ProgressBar value={r.progress} /> },
  { key: 'learnedSeconds', titleKey: 'report.learnedTime', sortable: true, render: (r) => durationText(r.learnedSeconds) },
  { key: 'score', titleKey: 'report.score', sortable: true },
  { key: 'startedAt', titleKey: 'report.startedAt', sortable: true, render: (r) => formatTime(r.startedAt) },
  { key: 'passedAt', titleKey: 'report.passedAt', sortable: true, render: (r) => formatTime(r.passedAt) },
];

const filters: FilterSpec[] = [
  { name: 'keyword', labelKey: 'report.personKeyword' },
  { name: 'status', labelKey: 'common.status', kind: 'select', options: LEARNER_STATUS_OPTIONS },
  RANGE_FILTER,
];

/** `course-info?courseId=` (kctj): one course's learners in the caller's scope with their progress. */
export default function CourseInfoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const courseId = Number(params.get('courseId')) || 0;
  const [course, setCourse] = useState<CourseInfo['course'] | null>(null);
  if (!courseId) return <Empty description={t('common.notFound')} />;
  return (
    <>
      {course ? (
        <Descriptions size="small" style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('report.course')}>
            <span data-testid="course-info-name">{course.name}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <OrgReport<Row>
        orgTestId="course-info-org"
        testId="course-info"
        titleKey="page.course-info"
        queryKey="course-info"
        fetch={async (p) => {
          const res = await findCourseInfo({ ...p, courseId });
          setCourse(res.course);
          return keyedBy('userId', res);
        }}
        columns={columns}
        filters={filters}
        extraFilters={{ courseId }}
        menu="kctj"
        exportFile={({ page: _p, size: _s, ...q }) => exportCourseInfo({ ...q, courseId } as Parameters<typeof exportCourseInfo>[0])}
      />
    </>
  );
}
