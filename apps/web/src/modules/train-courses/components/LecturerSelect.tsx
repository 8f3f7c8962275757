import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS } from '@hanlin/shared';
import { useDebounced } from '../../../platform/useDebounced';
import { findTrainCourseLecturers } from '../api';

interface Props<V> {
  value?: V;
  onChange?: (v: V) => void;
  /** Several lecturers (the value is an array), at most `max`. */
  multiple?: boolean;
  max?: number;
  /** Lecturers already chosen, shown before the search has loaded them. */
  initial?: { id: number; name: string }[];
  testId?: string;
  style?: React.CSSProperties;
  id?: string;
}

/** Lecturers (not frozen) searched by name: the course form's lecturers and the list's lecturer filter. */
export function LecturerSelect<V extends number | number[] | null>({ value, onChange, multiple, max, initial = [], testId, style, ...rest }: Props<V>) {
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
  return (
    <Select
      {...rest}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      maxCount={multiple ? max : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={(value ?? undefined) as never}
      onChange={(v: number | number[] | undefined) => onChange?.((multiple ? (v ?? []) : (v ?? null)) as V)}
      loading={found.isFetching}
      options={options}
      placeholder={t('trainCourse.chooseLecturer')}
      style={style ?? { minWidth: 160 }}
      data-testid={testId}
    />
  );
}
