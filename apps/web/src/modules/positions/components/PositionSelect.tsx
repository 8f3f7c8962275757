import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS } from '@hanlin/shared';
import { useDebounced } from '../../../platform/useDebounced';
import { findPositions } from '../api';

interface Props {
  value?: number | null;
  onChange?: (v: number | null) => void;
  /** The held position's name, shown before the search has loaded it. */
  initial?: { id: number; name: string } | null;
  testId?: string;
  style?: React.CSSProperties;
  id?: string;
}

/** One position from the positions catalogue, searched by name on the server (user form and filter). */
export function PositionSelect({ value, onChange, initial, testId, style, ...rest }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword.trim(), CONSTANTS.SEARCH_DEBOUNCE_MS);
  const found = useQuery({
    queryKey: ['position', 'options', debounced],
    queryFn: () => findPositions({ page: 1, size: 50, keyword: debounced || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = (found.data?.records ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (initial && !options.some((o) => o.value === initial.id)) options.unshift({ value: initial.id, label: initial.name });
  return (
    <Select
      {...rest}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={value ?? undefined}
      onChange={(v?: number) => onChange?.(v ?? null)}
      loading={found.isFetching}
      options={options}
      placeholder={t('positions.choose')}
      style={style ?? { minWidth: 160 }}
      data-testid={testId}
    />
  );
}
