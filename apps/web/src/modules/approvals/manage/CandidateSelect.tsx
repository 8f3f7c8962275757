import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApprovalCandidate } from '@hanlin/shared';
import { useDebounced } from '../../../platform/useDebounced';
import { findApprovalCandidates } from '../api';

export interface CandidateSelectProps {
  kind: 'user' | 'role';
  value?: number[];
  onChange?: (ids: number[], labels: Map<number, string>) => void;
  /** Names of the ids already chosen (the saved flow's), so they show before any search. */
  known?: ReadonlyMap<number, string>;
  testId: string;
}

/** Several active users or roles, searched by name (`/api/approval-flow/candidates`). */
export function CandidateSelect({ kind, value = [], onChange, known, testId }: CandidateSelectProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword);
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const { data = [], isFetching } = useQuery({
    queryKey: ['approval-candidates', kind, debounced],
    queryFn: () => findApprovalCandidates({ kind, keyword: debounced || undefined }),
    staleTime: 30_000,
  });
  const labels = new Map([...(known ?? []), ...picked, ...data.map((c: ApprovalCandidate) => [c.id, c.name] as const)]);
  const options = [
    ...value.filter((id) => !data.some((c) => c.id === id)).map((id) => ({ value: id, label: labels.get(id) ?? `#${id}` })),
    ...data.map((c) => ({ value: c.id, label: c.detail ? `${c.name} · ${c.detail}` : c.name })),
  ];
  return (
    <Select
      mode="multiple"
      data-testid={testId}
      value={value}
      loading={isFetching}
      placeholder={t(kind === 'user' ? 'approvals.pickUsers' : 'approvals.pickRoles')}
      showSearch={{ filterOption: false, onSearch: setKeyword, searchValue: keyword }}
      onChange={(ids: number[]) => {
        const next = new Map(picked);
        for (const id of ids) {
          const label = labels.get(id);
          if (label !== undefined) next.set(id, label);
        }
        setPicked(next);
        setKeyword('');
        onChange?.(ids, next);
      }}
      options={options}
      style={{ width: '100%' }}
    />
  );
}
