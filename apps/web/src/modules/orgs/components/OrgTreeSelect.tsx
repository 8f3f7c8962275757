import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { getOrgDataTree, type OrgDataNode } from '../api';
import { builtinText } from '../../../platform/builtin';
import type { IdPickProps } from '../../../platform/components/id-pick';

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
}: IdPickProps & {
  testId?: string;
  disabled?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
}) {
  const { t } = useTranslation();
  const q = useOrgDataTree();
  const options = useMemo(() => toOptions(q.data ?? [], t), [q.data, t]);
  const common: TreeSelectProps = {
    ...rest,
    style: { width: '100%', ...style },
    treeData: options,
    loading: q.isLoading,
    disabled,
    allowClear: true,
    showSearch: true,
    treeNodeFilterProp: 'title',
    treeDefaultExpandAll: true,
    placeholder: placeholder ?? t('org.pick'),
    popupMatchSelectWidth: false,
  };
  return multiple ? (
    <TreeSelect
      {...common}
      data-testid={testId}
      treeCheckable
      treeCheckStrictly
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      maxTagCount="responsive"
      // treeCheckStrictly works with {value,label} objects; the form keeps plain ids.
      labelInValue
      value={(value ?? []).map((id) => ({ value: id, label: undefined }))}
      onChange={(v: { value: number }[] | undefined) => onChange?.((v ?? []).map((x) => x.value))}
    />
  ) : (
    <TreeSelect {...common} data-testid={testId} value={value ?? undefined} onChange={(v: number | undefined) => onChange?.(v ?? null)} />
  );
}
