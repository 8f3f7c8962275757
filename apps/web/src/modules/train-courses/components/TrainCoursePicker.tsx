import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS, trainCourseOffered, type TrainCourseOption } from '@hanlin/shared';
import { useDebounced } from '../../../platform/useDebounced';
import { findTrainCourseOptions } from '../api';

type Value = number | number[] | null;

export interface TrainCoursePickerProps<V extends Value = number | null> {
  value?: V;
  onChange?: (v: V, chosen: TrainCourseOption[]) => void;
  /** `multiple`: several courses (the value is an array). */
  multiple?: boolean;
  /** At most this many when `multiple`. */
  max?: number;
  testId?: string;
  style?: React.CSSProperties;
  id?: string;
}

/**
 * Face-to-face courses from the catalogue, searched by name on the server (enabled courses only; a course
 * chosen earlier and since disabled still shows, marked). For the class editor (pxapgl) and this module.
 */
export function TrainCoursePicker<V extends Value = number | null>({ value, onChange, multiple, max, testId, style, ...rest }: TrainCoursePickerProps<V>) {
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
  return (
    <Select
      {...rest}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      maxCount={multiple ? max : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={(multiple ? chosenIds : (chosenIds[0] ?? undefined)) as never}
      onChange={(v: number | number[] | undefined) => {
        const next = (multiple ? (v ?? []) : (v ?? null)) as V;
        const ids: number[] = next == null ? [] : Array.isArray(next) ? next : [next as number];
        onChange?.(
          next,
          all.filter((o) => ids.includes(o.id)),
        );
      }}
      loading={found.isFetching}
      options={options}
      optionLabelProp="title"
      placeholder={t('trainCourse.choose')}
      style={style ?? { minWidth: 220 }}
      data-testid={testId}
    />
  );
}
