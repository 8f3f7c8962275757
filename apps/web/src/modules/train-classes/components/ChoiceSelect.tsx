import { Select, Spin, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainClassChoiceKind } from '@hanlin/shared';
import { useDebouncedSearch } from '../../../platform/useDebounced';
import type { IdPickProps } from '../../../platform/components/id-pick';
import { trainClassChoices } from '../api';

export interface Known {
  id: number;
  label: string;
}

/**
 * A searched pick of rooms, sites, lecturers, courses, users or approved plan lines (`/api/train-class/choices`):
 * `known` names the values already chosen (from the record), so they show before any search.
 */
export function ChoiceSelect({
  kind,
  known = [],
  testId,
  placeholderKey,
  style,
  id,
  ...pick
}: {
  kind: TrainClassChoiceKind;
  known?: readonly Known[];
  testId?: string;
  placeholderKey?: string;
  style?: React.CSSProperties;
  id?: string;
} & IdPickProps) {
  const { t } = useTranslation();
  const { found, busy, search } = useDebouncedSearch(async (keyword) => trainClassChoices({ kind, keyword: keyword || undefined }));
  const options = found.map((c) => ({ value: c.id, label: c.label }));
  const { value } = pick;
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  for (const k of known) if (chosen.includes(k.id) && !options.some((o) => o.value === k.id)) options.unshift({ value: k.id, label: k.label });
  const common: SelectProps = {
    id,
    allowClear: true,
    style: style ?? { minWidth: 180 },
    showSearch: { filterOption: false, onSearch: search },
    onOpenChange: (open) => open && !found.length && search(''),
    notFoundContent: busy ? <Spin size="small" /> : undefined,
    placeholder: placeholderKey ? t(placeholderKey) : undefined,
    options,
  };
  return pick.multiple ? (
    <Select {...common} data-testid={testId} mode="multiple" value={chosen} onChange={(v: number[] | undefined) => pick.onChange?.(v ?? [])} />
  ) : (
    <Select {...common} data-testid={testId} value={chosen[0] ?? undefined} onChange={(v: number | undefined) => pick.onChange?.(v ?? null)} />
  );
}
