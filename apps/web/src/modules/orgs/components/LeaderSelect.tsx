import { useMemo, useRef } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api/client';
import { useDebouncedSearch } from '../../../platform/useDebounced';
import { CONSTANTS, type Page, type UserRow } from '@hanlin/shared';

interface Person {
  id: number;
  username: string;
  realname: string;
}

const label = (p: Person) => `${p.realname} (${p.username})`;

/** Users picked by name search (`/api/user/list`), at most 10 (organization leaders). */
export function LeaderSelect({
  value,
  onChange,
  initial = [],
  max = CONSTANTS.ORGANIZATION_LEADERS,
  testId,
  multiple = true,
  ...rest
}: {
  value?: number[] | number | null;
  onChange?: (v: number[] | number | null) => void;
  initial?: readonly Person[];
  max?: number;
  testId?: string;
  multiple?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const known = useRef(new Map<number, Person>());
  for (const p of initial) known.current.set(p.id, p);
  const { found, busy, search } = useDebouncedSearch<Person>(async (keyword) => {
    try {
      const page = await api<Page<UserRow>>('user/list', { page: 1, size: 20, keyword: keyword || undefined, status: 'normal' }, { silent: true });
      for (const u of page.records) known.current.set(u.id, u);
      return page.records;
    } catch {
      return [];
    }
  });

  const ids = value == null ? [] : Array.isArray(value) ? value : [value];
  const options = useMemo(() => {
    const m = new Map<number, Person>();
    for (const id of ids) {
      const p = known.current.get(id);
      if (p) m.set(id, p);
    }
    for (const p of found) m.set(p.id, p);
    return [...m.values()].map((p) => ({ value: p.id, label: label(p) }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found, ids.join(), initial]);

  return (
    <Select
      {...rest}
      data-testid={testId}
      mode={multiple ? 'multiple' : undefined}
      maxCount={multiple ? max : undefined}
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && !found.length && search('')}
      notFoundContent={busy ? <Spin size="small" /> : undefined}
      placeholder={t('org.searchUser')}
      value={multiple ? ids : (ids[0] ?? undefined)}
      onChange={(v) => onChange?.(multiple ? (v ?? []) : (v ?? null))}
      options={options}
    />
  );
}
