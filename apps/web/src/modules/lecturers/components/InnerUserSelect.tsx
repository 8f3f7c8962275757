import { Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDebouncedSearch } from '../../../platform/useDebounced';
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
  const { found: list, busy, search } = useDebouncedSearch(async (keyword) => (await findInnerUsers({ page: 1, size: 20, keyword: keyword || undefined })).records);
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
        const id = v ?? null;
        onChange?.(id);
        onPick?.(list.find((u) => u.id === id) ?? null);
      }}
    />
  );
}
