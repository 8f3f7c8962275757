import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrgNode } from '@hanlin/shared';
import { getOrgTree, getOrgTreeByName } from '../api';
import { BuiltinName } from '../../../platform/builtin';

function toData(nodes: readonly OrgNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: (
      <span data-testid={`org-filter-node-${n.id}`}>
        <BuiltinName text={n.name} /> ({n.userCount})
      </span>
    ),
    children: toData(n.children),
  }));
}

function allIds(nodes: readonly OrgNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    out.push(n.id);
    allIds(n.children, out);
  }
  return out;
}

/** Organization tree on the left of a people list: picking a node filters by its subtree; counts the list's `kind` of people. */
export function OrgFilterTree({
  value,
  onChange,
  testId = 'org-filter-tree',
  kind,
}: {
  value?: number;
  onChange: (id: number | undefined) => void;
  testId?: string;
  kind?: 'employee' | 'student';
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const q = useQuery({
    queryKey: ['org', 'tree', search, kind],
    queryFn: () => (search ? getOrgTreeByName({ name: search, kind }) : getOrgTree({ kind })),
    placeholderData: keepPreviousData,
  });
  const data = useMemo(() => toData(q.data ?? []), [q.data]);
  useEffect(() => {
    if (q.data) setExpanded((prev) => (search ? allIds(q.data) : prev.length ? prev : q.data.map((n) => n.id)));
  }, [q.data, search]);
  return (
    <div data-testid={testId}>
      <Input.Search allowClear size="small" placeholder={t('org.searchByName')} onSearch={(v) => setSearch(v.trim())} style={{ marginBottom: 8 }} />
      <Spin spinning={q.isFetching}>
        <Tree
          blockNode
          treeData={data}
          expandedKeys={expanded}
          onExpand={setExpanded}
          selectedKeys={value ? [value] : []}
          onSelect={(keys) => onChange(keys.length ? Number(keys[0]) : undefined)}
        />
      </Spin>
    </div>
  );
}
