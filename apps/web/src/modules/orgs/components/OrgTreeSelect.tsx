import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { getOrgDataTree, type OrgDataNode } from '../api';
import { builtinText } from '../../../platform/builtin';

interface Option {
  value: number;
  title: string;
  children?: Option[];
}

function toOptions(nodes: readonly OrgDataNode[], t: (k: string) => string): Option[] {
  return nodes.map((n) => ({ value: n.id, title: builtinText(t, n.name), children: n.children.length ? toOptions(n.children, t) : undefined }));
}

/** Names of the caller's scope organizations by id (for summaries and prompts). */
export function useOrgNames(): Map<number, string> {
  const q = useOrgDataTree();
  return useMemo(() => {
    const m = new Map<number, string>();
    const walk = (ns: readonly OrgDataNode[]) => ns.forEach((n) => (m.set(n.id, n.name), walk(n.children)));
    walk(q.data ?? []);
    return m;
  }, [q.data]);
}

export function useOrgDataTree() {
  return useQuery({ queryKey: ['org', 'data-tree'], queryFn: getOrgDataTree, staleTime: 30_000 });
}

/**
 * Organization picker over the caller's data scope (`/api/org/data-tree`). Single value, or
 * several with `multiple` (checked subtrees are sent as picked, parents and children alike).
 */
export function OrgTreeSelect({
  value,
  onChange,
  multiple,
  testId,
  disabled,
  placeholder,
  style,
  ...rest
}: {
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  multiple?: boolean;
  testId?: string;
  disabled?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}) {
  const { t } = useTranslation();
  const q = useOrgDataTree();
  const options = useMemo(() => toOptions(q.data ?? [], t), [q.data, t]);
  return (
    <TreeSelect
      {...rest}
      data-testid={testId}
      style={{ width: '100%', ...style }}
      value={value ?? (multiple ? [] : undefined)}
      onChange={(v) => onChange?.((v as number | number[] | undefined) ?? (multiple ? [] : null))}
      treeData={options}
      loading={q.isLoading}
      disabled={disabled}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      treeCheckable={multiple}
      treeCheckStrictly={multiple}
      showCheckedStrategy={multiple ? TreeSelect.SHOW_ALL : undefined}
      placeholder={placeholder ?? t('org.pick')}
      popupMatchSelectWidth={false}
      maxTagCount={multiple ? 'responsive' : undefined}
      {...(multiple
        ? {
            // treeCheckStrictly works with {value,label} objects; the form keeps plain ids.
            value: ((value as number[] | null | undefined) ?? []).map((id) => ({ value: id, label: undefined })),
            onChange: (v: unknown) => onChange?.(((v as { value: number }[]) ?? []).map((x) => x.value)),
            labelInValue: true,
          }
        : {})}
    />
  );
}
