import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { findYearPlans } from '../../year-plans/index';

/** Picks one of the annual plans the caller may read (the newest years first); cleared, it sends null. */
export function YearPlanSelect({ value, onChange }: { value?: number | null; onChange?: (id: number | null) => void }) {
  const { t } = useTranslation();
  const plans = useQuery({ queryKey: ['yearPlan', 'pick'], queryFn: () => findYearPlans({ page: 1, size: 200, sort: '-year' }) });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={plans.isLoading}
      placeholder={t('trainPlans.yearPlanNone')}
      value={value ?? undefined}
      onChange={(v?: number) => onChange?.(v ?? null)}
      options={(plans.data?.records ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.year}${p.orgName ? ` · ${p.orgName}` : ''})` }))}
      data-testid="train-plan-year-plan"
      style={{ maxWidth: 420 }}
    />
  );
}
