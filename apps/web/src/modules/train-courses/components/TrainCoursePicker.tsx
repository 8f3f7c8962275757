import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Tag, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, trainCourseOffered, type TrainCourseOption } from '@hanlin/shared';
import { useDebounced } from '../../../platform/useDebounced';
import type { IdPickProps } from '../../../platform/components/id-pick';
import { findTrainCourseOptions } from '../api';

/** One course, or with `multiple` several (the value an array); a change also gives the courses chosen. */
export type TrainCoursePickerProps = IdPickProps<[chosen: TrainCourseOption[]]> & {
  /** At most this many when `multiple`. */
  max?: number;
  testId?: string;
  style?: React.CSSProperties;
  id?: string;
};

/**
 * Face-to-face courses from the catalogue, searched by name on the server (enabled courses only; a course
 * chosen earlier and since disabled still shows, marked). For the class editor (pxapgl) and this module.
 */
export function TrainCoursePicker({ value, onChange, multiple, max, testId, style, ...rest }: TrainCoursePickerProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword.trim(), CONSTANTS.SEARCH_DEBOUNCE_MS);
  const chosenIds = value == null ? [] : Array.isArray(value) ? value : [value];
  const found = useQuery({
    queryKey: ['train-course', 'options', debounced],
    queryFn: () => findTrainCourseOptions({ keyword: debounced || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const missing = chosenIds.filter((id) => !(found.data ?? []).some((o) => o.id === id));
  const chosen = useQuery({
    queryKey: ['train-course', 'options', 'ids', missing],
    queryFn: () => findTrainCourseOptions({ ids: missing }),
    enabled: missing.length > 0,
    staleTime: 30_000,
  });
  const all = [...(chosen.data ?? []), ...(found.data ?? [])].filter((o, i, list) => list.findIndex((x) => x.id === o.id) === i);
  const options = all.map((o) => ({
    value: o.id,
    label: (
      <span>
        {o.name} <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{t('trainCourse.hoursShort', { hours: o.hours })}</span>
        {trainCourseOffered(o.status) ? null : <Tag style={{ marginInlineStart: 8 }}>{t('trainCourse.status_disabled')}</Tag>}
      </span>
    ),
    title: o.name,
  }));
  const coursesOf = (ids: number[]) => all.filter((o) => ids.includes(o.id));
  const common: SelectProps = {
    ...rest,
    allowClear: true,
    showSearch: { filterOption: false, onSearch: setKeyword },
    loading: found.isFetching,
    options,
    optionLabelProp: 'title',
    placeholder: t('trainCourse.choose'),
    style: style ?? { minWidth: 220 },
  };
  return multiple ? (
    <Select
      {...common}
      mode="multiple"
      maxCount={max}
      value={chosenIds}
      onChange={(v: number[] | undefined) => onChange?.(v ?? [], coursesOf(v ?? []))}
      data-testid={testId}
    />
  ) : (
    <Select {...common} value={chosenIds[0] ?? undefined} onChange={(v: number | undefined) => onChange?.(v ?? null, coursesOf(v == null ? [] : [v]))} data-testid={testId} />
  );
}
