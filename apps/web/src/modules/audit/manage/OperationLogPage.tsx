import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorByCode, type OperationLogRow } from '@hanlin/shared';
import { errorMessage } from '../../../platform/i18n';
import { timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { exportOperationLogs, findOperationLogs } from '../api';
import { LOG_RANGE, LogSwitch } from '../components/log-parts';

const filters: FilterSpec[] = [
  { name: 'username', labelKey: 'audit.username', testId: 'audit-filter-username' },
  { name: 'operation', labelKey: 'audit.operation', width: 200, testId: 'audit-filter-operation' },
  LOG_RANGE,
];

function StatusTag({ r }: { r: OperationLogRow }) {
  const { t } = useTranslation();
  const ok = r.status < 400 && (r.resultCode === null || r.resultCode === 200);
  return (
    <Tooltip title={r.resultCode !== null ? `${r.status} / ${r.resultCode}` : String(r.status)}>
      <Tag color={ok ? 'green' : 'red'}>{ok ? t('audit.success') : t('audit.failure')}</Tag>
    </Tooltip>
  );
}

function resultText(r: OperationLogRow) {
  if (r.resultCode === null || r.resultCode === 200) return '';
  const name = errorByCode(r.resultCode)?.name;
  return name ? `${r.resultCode} ${errorMessage(name)}` : String(r.resultCode);
}

const columns: ColumnSpec<OperationLogRow>[] = [
  { key: 'username', titleKey: 'audit.username' },
  { key: 'operation', titleKey: 'audit.operation' },
  { key: 'path', titleKey: 'audit.path', ellipsis: true, width: 260, render: (r) => `${r.method} ${r.path}` },
  { key: 'status', titleKey: 'audit.outcome', render: (r) => <StatusTag r={r} /> },
  { key: 'resultCode', titleKey: 'audit.resultCode', ellipsis: true, width: 200, render: resultText },
  { key: 'ip', titleKey: 'audit.ip', priority: 'medium' },
  timeColumn('createdAt', 'audit.operationTime', true),
];

/** Operation log (`manage-operationlog-report`, code rzgl): filters with a date range, newest first, export. */
export default function OperationLogPage() {
  return (
    <CrudPage<OperationLogRow>
      testId="audit-operation-page"
      titleKey="page.manage-operationlog-report"
      queryKey="operation-log"
      fetch={(p) => findOperationLogs(p)}
      columns={columns}
      filters={filters}
      defaultSort="-createdAt"
      menu="rzgl"
      exportFile={(q) => exportOperationLogs(q)}
      toolbar={() => <LogSwitch path="manage-loginlog-report" labelKey="perm.rzgl" />}
    />
  );
}
