import { Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorByCode, type OperationLogRow } from '@hanlin/shared';
import { errorMessage } from '../../../platform/i18n';
import { formatTime } from '../../../platform/format';
import { exportOperationLogs, findOperationLogs } from '../api';
import { LogReport, type LogFilter } from './LogReport';

const filters: LogFilter[] = [
  { name: 'username', labelKey: 'audit.username' },
  { name: 'operation', labelKey: 'audit.operation', width: 200 },
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

/** Operation log (`manage-operationlog-report`, code rzgl). */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const columns = useMemo(
    () => [
      { key: 'username', dataIndex: 'username', title: t('audit.username') },
      { key: 'operation', dataIndex: 'operation', title: t('audit.operation') },
      {
        key: 'path',
        dataIndex: 'path',
        title: t('audit.path'),
        render: (_: unknown, r: OperationLogRow) => `${r.method} ${r.path}`,
      },
      { key: 'status', dataIndex: 'status', title: t('audit.outcome'), render: (_: unknown, r: OperationLogRow) => <StatusTag r={r} /> },
      {
        key: 'resultCode',
        dataIndex: 'resultCode',
        title: t('audit.resultCode'),
        render: (_: unknown, r: OperationLogRow) => {
          if (r.resultCode === null || r.resultCode === 200) return '';
          const name = errorByCode(r.resultCode)?.name;
          return name ? `${r.resultCode} ${errorMessage(name)}` : String(r.resultCode);
        },
      },
      { key: 'ip', dataIndex: 'ip', title: t('audit.ip') },
      { key: 'createdAt', dataIndex: 'createdAt', title: t('audit.operationTime'), render: (_: unknown, r: OperationLogRow) => formatTime(r.createdAt) },
    ],
    [t],
  );
  return (
    <LogReport<OperationLogRow>
      testId="audit-operation-page"
      titleKey="page.manage-operationlog-report"
      queryKey="operation-log"
      filters={filters}
      columns={columns}
      fetch={findOperationLogs}
      exportFile={exportOperationLogs}
      switchTo={{ path: 'manage-loginlog-report', labelKey: 'perm.rzgl' }}
    />
  );
}
