import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS } from '@hanlin/shared';
import { useDebounced } from '../../../platform/useDebounced';
import type { IdPickProps } from '../../../platform/components/id-pick';
import { findTrainCourseLecturers } from '../api';

type Props = IdPickProps & {
  /** With `multiple` (several lecturers, the value an array): at most this many. */
  max?: number;
  /** Lecturers already chosen, shown before the search has loaded them. */
  initial?: { id: number; name: string }[];
  testId?: string;
  style?: React.CSSProperties;
  id?: string;
};

/** Lecturers (not frozen) searched by name: the course form's lecturers and the list's lecturer filter. */
export function LecturerSelect({ value, onChange, multiple, max, initial = [], testId, style, ...rest }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword.trim(), CONSTANTS.SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['train-course', 'lecturers', debounced],
    queryFn: () => findTrainCourseLecturers({ keyword: debounced || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = [...initial, ...(found.data ?? [])].filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i).map((o) => ({ value: o.id, label: o.name }));
  const common: SelectProps = {
    ...rest,
    allowClear: true,
    showSearch: { filterOption: false, onSearch: setKeyword },
    loading: found.isFetching,
    options,
    placeholder: t('trainCourse.chooseLecturer'),
    style: style ?? { minWidth: 160 },
  };
  return multiple ? (
    <Select {...common} mode="multiple" maxCount={max} value={value ?? undefined} onChange={(v: number[] | undefined) => onChange?.(v ?? [])} data-testid={testId} />
  ) : (
    <Select {...common} value={value ?? undefined} onChange={(v: number | undefined) => onChange?.(v ?? null)} data-testid={testId} />
  );
}
