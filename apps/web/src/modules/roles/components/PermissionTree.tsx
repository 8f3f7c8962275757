import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Space, Spin, Tabs, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSION_TREE, TERMINALS, isOneOf, recordOf, walkPermissionTree, type PermissionNode, type Terminal } from '@hanlin/shared';
import { getPermissionTree } from '../api';

const isGroup = (k: string) => k.startsWith('group:');

interface Meta {
  parent: Map<string, string>;
  children: Map<string, string[]>;
  terminalOf: Map<string, Terminal>;
}

function walk(terminal: Terminal, nodes: readonly PermissionNode[], meta: Meta, out: string[] = []): string[] {
  walkPermissionTree(nodes, (n, parent) => {
    out.push(n.code);
    meta.terminalOf.set(n.code, terminal);
    if (parent) meta.parent.set(n.code, parent.code);
    const kids: string[] = [];
    for (const a of n.actions ?? []) {
      const k = `${n.code}:${a}`;
      kids.push(k);
      out.push(k);
      meta.parent.set(k, n.code);
      meta.terminalOf.set(k, terminal);
    }
    for (const c of n.children ?? []) kids.push(c.code);
    meta.children.set(n.code, kids);
  });
  return out;
}

function descendants(key: string, meta: Meta, out: string[] = []): string[] {
  for (const c of meta.children.get(key) ?? []) {
    out.push(c);
    descendants(c, meta, out);
  }
  return out;
}

/**
 * The role's permission codes over the five terminals. Checking a node grants it, everything
 * below it and its ancestors (a menu is needed to reach its actions); unchecking removes the
 * node and everything below it, so a menu can stay granted without actions (view only).
 */
export function PermissionTree({
  value,
  onChange,
  testId = 'role-perm-tree',
  disabled,
}: {
  value?: string[];
  onChange?: (codes: string[]) => void;
  testId?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const q = useQuery({ queryKey: ['role', 'permission-tree'], queryFn: getPermissionTree, staleTime: Infinity });
  const source = q.data ?? PERMISSION_TREE;
  const [active, setActive] = useState<Terminal>('manage');
  // The tree opens collapsed (the management tree has over a hundred nodes); one button opens it all.
  const [expanded, setExpanded] = useState<Partial<Record<Terminal, React.Key[]>>>({});

  const { meta, keysOf } = useMemo(() => {
    const m: Meta = { parent: new Map(), children: new Map(), terminalOf: new Map() };
    const keys = recordOf(TERMINALS, (term) => walk(term, source[term] ?? [], m));
    return { meta: m, keysOf: keys };
  }, [source]);

  const granted = useMemo(() => new Set((value ?? []).filter((c) => !isGroup(c))), [value]);
  /** Groups (no code of their own) show checked while anything below is granted. */
  const shown = useMemo(() => {
    const s = new Set(granted);
    for (const c of granted) {
      let p = meta.parent.get(c);
      while (p) {
        if (isGroup(p)) s.add(p);
        p = meta.parent.get(p);
      }
    }
    return s;
  }, [granted, meta]);

  const treeData = useMemo(() => {
    const build = (nodes: readonly PermissionNode[]): TreeDataNode[] =>
      nodes.map((n) => ({
        key: n.code,
        title: <span data-testid={`perm-node-${n.code}`}>{t(`perm.${n.label}`)}</span>,
        children: [
          ...(n.actions ?? []).map((a) => ({
            key: `${n.code}:${a}`,
            isLeaf: true,
            title: <span data-testid={`perm-node-${n.code}:${a}`}>{t(`action.${a}`)}</span>,
          })),
          ...build(n.children ?? []),
        ],
      }));
    return recordOf(TERMINALS, (term) => build(source[term] ?? []));
  }, [source, t]);

  function toggle(key: string, on: boolean) {
    const next = new Set(granted);
    if (on) {
      for (const k of [key, ...descendants(key, meta)]) next.add(k);
      let p = meta.parent.get(key);
      while (p) {
        next.add(p);
        p = meta.parent.get(p);
      }
    } else {
      for (const k of [key, ...descendants(key, meta)]) next.delete(k);
    }
    onChange?.([...next].filter((c) => !isGroup(c)));
  }

  function setTerminal(term: Terminal, on: boolean) {
    const next = new Set(granted);
    for (const k of keysOf[term])
      if (on) next.add(k);
      else next.delete(k);
    onChange?.([...next].filter((c) => !isGroup(c)));
  }

  const countOf = (term: Terminal) => keysOf[term].filter((k) => granted.has(k)).length;

  return (
    <div data-testid={testId}>
      <Spin spinning={q.isLoading}>
        <Tabs
          activeKey={active}
          onChange={(k) => isOneOf(TERMINALS, k) && setActive(k)}
          items={TERMINALS.map((term) => ({
            key: term,
            label: (
              <span data-testid={`perm-tab-${term}`}>
                {t(`role.terminal_${term}`)} <Badge count={countOf(term)} size="small" color={countOf(term) ? 'blue' : 'default'} showZero={false} />
              </span>
            ),
            children: (
              <>
                <Space style={{ marginBottom: 8 }}>
                  <Button size="small" disabled={disabled} onClick={() => setTerminal(term, true)} data-testid={`perm-all-${term}`}>
                    {t('role.checkAll')}
                  </Button>
                  <Button size="small" disabled={disabled} onClick={() => setTerminal(term, false)} data-testid={`perm-none-${term}`}>
                    {t('role.checkNone')}
                  </Button>
                  {expanded[term]?.length ? (
                    <Button size="small" type="link" onClick={() => setExpanded((e) => ({ ...e, [term]: [] }))} data-testid={`perm-collapse-${term}`}>
                      {t('role.collapseAll')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      type="link"
                      onClick={() => setExpanded((e) => ({ ...e, [term]: keysOf[term].filter((k) => meta.children.get(k)?.length) }))}
                      data-testid={`perm-expand-${term}`}
                    >
                      {t('role.expandAll')}
                    </Button>
                  )}
                </Space>
                <Tree
                  checkable
                  checkStrictly
                  disabled={disabled}
                  expandedKeys={expanded[term] ?? []}
                  onExpand={(keys) => setExpanded((e) => ({ ...e, [term]: keys }))}
                  selectedKeys={[]}
                  treeData={treeData[term]}
                  checkedKeys={{ checked: [...shown].filter((k) => meta.terminalOf.get(k) === term), halfChecked: [] }}
                  onCheck={(_keys, info) => toggle(String(info.node.key), info.checked)}
                  onSelect={(_keys, info) => !disabled && toggle(String(info.node.key), !shown.has(String(info.node.key)))}
                />
              </>
            ),
          }))}
        />
      </Spin>
    </div>
  );
}
