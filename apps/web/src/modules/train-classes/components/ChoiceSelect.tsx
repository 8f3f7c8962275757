import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainClassChoiceKind } from '@hanlin/shared';
import { useDebouncedSearch } from '../../../platform/useDebounced';
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
  value,
  onChange,
  known = [],
  multiple,
  testId,
  placeholderKey,
  style,
  id,
}: {
  kind: TrainClassChoiceKind;
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  known?: readonly Known[];
  multiple?: boolean;
  testId?: string;
  placeholderKey?: string;
  style?: React.CSSProperties;
  id?: string;
}) {
  const { t } = useTranslation();
  const { found, busy, search } = useDebouncedSearch(async (keyword) => trainClassChoices({ kind, keyword: keyword || undefined }));
  const options = found.map((c) => ({ value: c.id, label: c.label }));
  const chosen = Array.isArray(value) ? value : value ? [value] : [];
  for (const k of known) if (chosen.includes(k.id) && !options.some((o) => o.value === k.id)) options.unshift({ value: k.id, label: k.label });
  return (
    <Select
      id={id}
      data-testid={testId}
      mode={multiple ? 'multiple' : undefined}
      allowClear
      style={style ?? { minWidth: 180 }}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && !found.length && search('')}
      notFoundContent={busy ? <Spin size="small" /> : undefined}
      placeholder={placeholderKey ? t(placeholderKey) : undefined}
      value={multiple ? chosen : (chosen[0] ?? undefined)}
      options={options}
      onChange={(v: number | number[] | undefined) => onChange?.(multiple ? ((v as number[] | undefined) ?? []) : ((v as number | undefined) ?? null))}
    />
  );
}
