import { Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS, ERROR_NAMES, type LoginLogRow } from '@hanlin/shared';
import { formatTime } from '../../../platform/format';
import { errorMessage } from '../../../platform/i18n';
import { exportLoginLogs, findLoginLogs } from '../api';
import { LogReport, type LogFilter } from './LogReport';

/** Refusals a login can end with: sign-in (20xx) and licence (46xx) codes. */
const LOGIN_RESULTS = ERROR_NAMES.filter((n) => {
  const c = ERRORS[n].code;
  return (c >= 2000 && c < 2100) || (c >= 4600 && c < 4700);
});

export function LoginResultTag({ result }: { result: string }) {
  const { t } = useTranslation();
  if (result === 'OK') return <Tag color="green" data-testid="audit-result-ok">{t('audit.success')}</Tag>;
  return (
    <Tooltip title={result}>
      <Tag color="red" data-testid="audit-result-failure">
        {errorMessage(result)}
      </Tag>
    </Tooltip>
  );
}

/** Login log (`manage-loginlog-report`, code rzgl). */
export default function LoginLogPage() {
  const { t, i18n } = useTranslation();
  const filters = useMemo<LogFilter[]>(
    () => [
      { name: 'username', labelKey: 'audit.username' },
      {
        name: 'outcome',
        labelKey: 'audit.outcome',
        options: [
          { value: 'success', label: t('audit.success') },
          { value: 'failure', label: t('audit.failure') },
        ],
        width: 120,
      },
      {
        name: 'result',
        labelKey: 'audit.result',
        width: 240,
        options: [{ value: 'OK', label: t('audit.success') }, ...LOGIN_RESULTS.map((n) => ({ value: n, label: errorMessage(n) }))],
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language],
  );
  const columns = useMemo(
    () => [
      { key: 'username', dataIndex: 'username', title: t('audit.username') },
      { key: 'result', dataIndex: 'result', title: t('audit.result'), render: (_: unknown, r: LoginLogRow) => <LoginResultTag result={r.result} /> },
      { key: 'ip', dataIndex: 'ip', title: t('audit.ip') },
      {
        key: 'userAgent',
        dataIndex: 'userAgent',
        title: t('audit.userAgent'),
        ellipsis: true,
        width: 320,
        render: (_: unknown, r: LoginLogRow) => (
          <Tooltip title={r.userAgent}>
            <span>{r.userAgent}</span>
          </Tooltip>
        ),
      },
      { key: 'createdAt', dataIndex: 'createdAt', title: t('audit.loginTime'), render: (_: unknown, r: LoginLogRow) => formatTime(r.createdAt) },
    ],
    [t],
  );
  return (
    <LogReport<LoginLogRow>
      testId="audit-login-page"
      titleKey="perm.rzgl"
      queryKey="login-log"
      filters={filters}
      columns={columns}
      fetch={findLoginLogs}
      exportFile={exportLoginLogs}
      switchTo={{ path: 'manage-operationlog-report', labelKey: 'page.manage-operationlog-report' }}
    />
  );
}
