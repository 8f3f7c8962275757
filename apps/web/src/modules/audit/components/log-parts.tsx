import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { FilterSpec } from '../../../platform/kernel';

/** Link to the other log report (login <-> operation). */
export function LogSwitch({ path, labelKey }: { path: string; labelKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="link" data-testid="audit-switch" onClick={() => void navigate(`/dashboard/${path}`)}>
      {t(labelKey)}
    </Button>
  );
}

/** The date range of both log reports: whole days, sent as `from` / `to`. */
export const LOG_RANGE: FilterSpec = { name: 'range', labelKey: 'audit.range', kind: 'daterange', range: { from: 'from', to: 'to' }, testId: 'audit-filter-range' };
