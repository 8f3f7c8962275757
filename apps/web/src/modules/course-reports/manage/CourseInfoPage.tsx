import { useState } from 'react';
import { Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { CourseInfo, CourseInfoRow } from '@hanlin/shared';
import { keyedBy, personColumns, type ColumnSpec } from '../../../platform/kernel';
import { OrgReport, learnerColumns, learnerFilters } from '../components/report-parts';
import { exportCourseInfo, findCourseInfo } from '../api';

type Row = CourseInfoRow & { id: number };

function Source({ source }: { source: string }) {
  const { t } = useTranslation();
  return <>{t(source === 'assignment' ? 'report.source_assignment' : 'report.source_self')}</>;
}

const columns: ColumnSpec<Row>[] = [
  ...personColumns<Row>('report', { realname: { sortable: true } }),
  { key: 'source', titleKey: 'report.source', render: (r) => <Source source={r.source} /> },
  ...learnerColumns<Row>(),
];

const filters = learnerFilters('report.personKeyword');

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
        exportFile={(q) => exportCourseInfo({ ...q, courseId })}
      />
    </>
  );
}
