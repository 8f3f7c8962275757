import { Button } from 'antd';
import { useNavigate } from 'react-router';
import type { StudyReportRow } from '@hanlin/shared';
import { keyedBy, personColumns, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { OrgReport, RANGE_FILTER, durationText } from '../components/report-parts';
import { exportStudyReport, findStudyReport } from '../api';

type Row = StudyReportRow & { id: number };

function PersonLink({ row }: { row: Row }) {
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" style={{ padding: 0 }} data-testid="study-person-link" onClick={() => void navigate(`/dashboard/person-report?userId=${row.userId}`)}>
      {row.realname}
    </Button>
  );
}

const columns: ColumnSpec<Row>[] = [
  ...personColumns<Row>('report', { realname: { sortable: true, render: (r) => <PersonLink row={r} /> } }),
  { key: 'learning', titleKey: 'report.learning', sortable: true },
  { key: 'passed', titleKey: 'report.passed', sortable: true },
  { key: 'learnedSeconds', titleKey: 'report.learnedTime', sortable: true, render: (r) => durationText(r.learnedSeconds) },
  { key: 'credits', titleKey: 'report.credits', sortable: true },
  { key: 'lastLearnedAt', titleKey: 'report.lastLearnedAt', sortable: true, render: (r) => formatTime(r.lastLearnedAt) },
];

const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'report.personKeyword', testId: 'study-filter-keyword' }, RANGE_FILTER];

/** `manage-study-report` (bbtj): per person, courses learning and passed, time and credits; filters, sort, export. */
export default function StudyReportPage() {
  return (
    <OrgReport<Row>
      orgTestId="study-org"
      testId="study-report"
      titleKey="perm.bbtj"
      queryKey="study-report"
      fetch={async (p) => keyedBy('userId', await findStudyReport(p))}
      columns={columns}
      filters={filters}
      defaultSort="-learnedSeconds"
      menu="bbtj"
      exportFile={(q) => exportStudyReport(q)}
    />
  );
}
