import { Button } from 'antd';
import { useNavigate } from 'react-router';
import type { CourseReportRow } from '@hanlin/shared';
import { keyedBy, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { OrgReport, RANGE_FILTER, durationText } from '../components/report-parts';
import { exportCourseReport, findCourseReport } from '../api';

type Row = CourseReportRow & { id: number };

function CourseLink({ row }: { row: Row }) {
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" style={{ padding: 0 }} data-testid="course-report-link" onClick={() => void navigate(`/dashboard/course-info?courseId=${row.courseId}`)}>
      {row.name}
    </Button>
  );
}

const columns: ColumnSpec<Row>[] = [
  { key: 'name', titleKey: 'report.course', sortable: true, render: (r) => <CourseLink row={r} /> },
  { key: 'categoryName', titleKey: 'report.category' },
  { key: 'learners', titleKey: 'report.learners', sortable: true },
  { key: 'passed', titleKey: 'report.passedPeople', sortable: true },
  { key: 'passRate', titleKey: 'report.passRate', sortable: true, render: (r) => `${r.passRate}%` },
  { key: 'avgSeconds', titleKey: 'report.avgTime', sortable: true, render: (r) => durationText(r.avgSeconds) },
];

const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'report.courseKeyword', testId: 'course-report-keyword' }, RANGE_FILTER];

/** `manage-course-report` (kctj): per course, learners in the caller's scope, passed, pass rate, average time. */
export default function CourseReportPage() {
  return (
    <OrgReport<Row>
      orgTestId="course-report-org"
      testId="course-report"
      titleKey="perm.kctj"
      queryKey="course-report"
      fetch={async (p) => keyedBy('courseId', await findCourseReport(p))}
      columns={columns}
      filters={filters}
      defaultSort="-learners"
      menu="kctj"
      exportFile={(q) => exportCourseReport(q)}
    />
  );
}
