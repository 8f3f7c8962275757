import { useEffect } from 'react';
import { Select, Spin } from 'antd';
import type { TrainClassMode } from '@hanlin/shared';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useDebouncedSearch } from '../../../platform/useDebounced';
import { getTrainClassById, trainClassOptions } from '../api';

/**
 * A select of the classes in the caller's scope (`/api/train-class/options`), searched by name or code; `mode`
 * narrows to one mode. The one class picker of the training pages (classes, roster, attendance, results).
 */
export function TrainClassPicker({
  value,
  onChange,
  testId = 'train-class-picker',
  style,
  id,
  allowClear = true,
  mode,
  placeholder,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  testId?: string;
  style?: React.CSSProperties;
  id?: string;
  allowClear?: boolean;
  mode?: TrainClassMode;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const { found, busy, search } = useDebouncedSearch(async (keyword) => trainClassOptions({ keyword: keyword || undefined, ...(mode ? { mode } : {}) }));
  // A class chosen already (a linked page's `?classId=`) shows by name: the newest classes load at once.
  useEffect(() => {
    if (value) search('');
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const options = found.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));
  return (
    <Select
      id={id}
      data-testid={testId}
      allowClear={allowClear}
      style={style ?? { minWidth: 240 }}
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && !found.length && search('')}
      notFoundContent={busy ? <Spin size="small" /> : undefined}
      placeholder={placeholder ?? t('trainClasses.pickClass')}
      aria-label={placeholder ?? t('trainClasses.pickClass')}
      value={value ?? undefined}
      options={options}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
    />
  );
}

/** One class (the back office's detail) by id, read with TanStack Query under the module's key. */
export function useTrainClass(id: number | null | undefined) {
  return useQuery({ queryKey: ['trainClass', 'one', id], queryFn: id && id > 0 ? () => getTrainClassById({ id }) : skipToken });
}
