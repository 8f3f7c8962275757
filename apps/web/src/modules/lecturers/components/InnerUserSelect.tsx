import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSTANTS } from '@hanlin/shared';
import { findInnerUsers, type InnerUser } from '../api';

/** Employees not yet lecturers (`/api/teacher/inner-users`), searched by name. */
export function InnerUserSelect({
  value,
  onChange,
  onPick,
  initial,
  testId,
  ...rest
}: {
  value?: number | null;
  onChange?: (v: number | null) => void;
  onPick?: (u: InnerUser | null) => void;
  initial?: { id: number; label: string } | null;
  testId?: string;
  id?: string;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<InnerUser[]>([]);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      setBusy(true);
      try {
        setList((await findInnerUsers({ page: 1, size: 20, keyword: keyword || undefined })).records);
      } finally {
        setBusy(false);
      }
    }, CONSTANTS.SEARCH_DEBOUNCE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const options = list.map((u) => ({ value: u.id, label: `${u.realname} (${u.username})${u.orgName ? ` · ${u.orgName}` : ''}` }));
  if (initial && value === initial.id && !list.some((u) => u.id === initial.id)) options.unshift({ value: initial.id, label: initial.label });
  return (
    <Select
      {...rest}
      data-testid={testId}
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      onOpenChange={(open) => open && !list.length && search('')}
      notFoundContent={busy ? <Spin size="small" /> : undefined}
      placeholder={t('lecturer.pickUser')}
      value={value ?? undefined}
      options={options}
      onChange={(v) => {
        const id = (v as number | undefined) ?? null;
        onChange?.(id);
        onPick?.(list.find((u) => u.id === id) ?? null);
      }}
    />
  );
}
