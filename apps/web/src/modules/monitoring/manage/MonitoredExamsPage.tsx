import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EXAM_LIFECYCLE, type MonitoredExamRow } from '@hanlin/shared';
import { CrudPage, statusColumn, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { formatTime } from '../../../platform/format';
import { findMonitoredExams } from '../api';

const columns: ColumnSpec<MonitoredExamRow>[] = [
  { key: 'name', titleKey: 'monitoring.exam', ellipsis: true, width: 220 },
  statusColumn(EXAM_LIFECYCLE),
  { key: 'audience', titleKey: 'monitoring.audience' },
  { key: 'taking', titleKey: 'monitoring.taking' },
  { key: 'submitted', titleKey: 'monitoring.submitted' },
  { key: 'notStarted', titleKey: 'monitoring.notStarted' },
  { key: 'exceptions', titleKey: 'monitoring.exceptions' },
  // The times after the counts: at 1440 px the counts a proctor watches stay in view.
  { key: 'startAt', titleKey: 'monitoring.startAt', render: (r) => formatTime(r.startAt) },
  { key: 'endAt', titleKey: 'monitoring.endAt', render: (r) => formatTime(r.endAt) },
  { key: 'orgName', titleKey: 'monitoring.org', priority: 'low' },
];
const filters: FilterSpec[] = [{ name: 'keyword', labelKey: 'monitoring.exam', testId: 'monitoring-filter-keyword' }];

/** `monitoring-manage` (jkgl): published, running and recently ended exams of my scope with their counts. */
export default function MonitoredExamsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CrudPage<MonitoredExamRow>
      testId="monitoring-page"
      titleKey="perm.jkgl"
      queryKey="monitoring"
      fetch={(p) => findMonitoredExams(p)}
      columns={columns}
      filters={filters}
      selectable={false}
      extraRowActions={(r) => (
        <Space size={0}>
          <Button type="link" size="small" data-testid="monitoring-view" onClick={() => void navigate(`/dashboard/view-monitoring?id=${r.id}`)}>
            {t('monitoring.view')}
          </Button>
          <Button type="link" size="small" data-testid="monitoring-screen" onClick={() => void navigate(`/dashboard/monitoring-screen-detail?id=${r.id}`)}>
            {t('monitoring.screen')}
          </Button>
        </Space>
      )}
    />
  );
}
