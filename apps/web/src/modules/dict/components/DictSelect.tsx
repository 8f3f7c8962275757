import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { getDictsByType } from '../api';

/**
 * A select of the normal entries of one dictionary type (`type="city"`), stored by value; the
 * server refuses a value outside the dictionary. A value no longer offered (frozen) still shows.
 */
export function DictSelect({
  type,
  testId,
  value,
  ...rest
}: {
  type: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
  testId?: string;
  id?: string;
  disabled?: boolean;
}) {
  const q = useQuery({ queryKey: ['dict', 'byType', type], queryFn: () => getDictsByType({ type }), staleTime: 30_000 });
  const options = (q.data ?? []).map((o) => ({ value: o.value, label: o.label }));
  if (value && !options.some((o) => o.value === value)) options.push({ value, label: value });
  return (
    <Select
      {...rest}
      value={value ?? undefined}
      onChange={(v) => rest.onChange?.(v ?? null)}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={q.isLoading}
      data-testid={testId}
      options={options}
    />
  );
}
