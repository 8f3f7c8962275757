import { Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ERRORS, ERROR_NAMES, type LoginLogRow } from '@hanlin/shared';
import { errorMessage } from '../../../platform/i18n';
import { choiceFilter, timeColumn, CrudPage, type ColumnSpec, type FilterSpec } from '../../../platform/kernel';
import { exportLoginLogs, findLoginLogs } from '../api';
import { LOG_RANGE, LogSwitch } from '../components/log-parts';

/** Refusals a login can end with: sign-in (20xx) and licence (46xx) codes. */
const LOGIN_RESULTS = ERROR_NAMES.filter((n) => {
  const c = ERRORS[n].code;
  return (c >= 2000 && c < 2100) || (c >= 4600 && c < 4700);
});

export function LoginResultTag({ result }: { result: string }) {
  const { t } = useTranslation();
  if (result === 'OK')
    return (
      <Tag color="green" data-testid="audit-result-ok">
        {t('audit.success')}
      </Tag>
    );
  return (
    <Tooltip title={result}>
      <Tag color="red" data-testid="audit-result-failure">
        {errorMessage(result)}
      </Tag>
    </Tooltip>
  );
}

const columns: ColumnSpec<LoginLogRow>[] = [
  { key: 'username', titleKey: 'audit.username' },
  { key: 'result', titleKey: 'audit.result', render: (r) => <LoginResultTag result={r.result} /> },
  { key: 'ip', titleKey: 'audit.ip' },
  // A browser's user agent runs to 150 characters: cut, whole in a tooltip, so the time stays on screen.
  { key: 'userAgent', titleKey: 'audit.userAgent', ellipsis: true, width: 280, priority: 'medium' },
  timeColumn('createdAt', 'audit.loginTime', true),
];

/** Login log (`manage-loginlog-report`, code rzgl): filters with a date range, newest first, export. */
export default function LoginLogPage() {
  const { i18n } = useTranslation();
  const filters = useMemo<FilterSpec[]>(
    () => [
      { name: 'username', labelKey: 'audit.username', testId: 'audit-filter-username' },
      choiceFilter(
        'outcome',
        'audit.outcome',
        [
          ['success', 'audit.success'],
          ['failure', 'audit.failure'],
        ],
        { width: 120, testId: 'audit-filter-outcome' },
      ),
      {
        name: 'result',
        labelKey: 'audit.result',
        kind: 'select',
        searchable: true,
        width: 240,
        testId: 'audit-filter-result',
        // Error names are translated from the shared error table, not the catalogues.
        options: [{ value: 'OK', labelKey: 'audit.success' }, ...LOGIN_RESULTS.map((n) => ({ value: n, labelKey: n, label: errorMessage(n) }))],
      },
      LOG_RANGE,
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language],
  );
  return (
    <CrudPage<LoginLogRow>
      testId="audit-login-page"
      titleKey="perm.rzgl"
      queryKey="login-log"
      fetch={(p) => findLoginLogs(p)}
      columns={columns}
      filters={filters}
      defaultSort="-createdAt"
      menu="rzgl"
      exportFile={(q) => exportLoginLogs(q)}
      toolbar={() => <LogSwitch path="manage-operationlog-report" labelKey="page.manage-operationlog-report" />}
    />
  );
}
