import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, PERMISSION_TREE, permissionCodes, walkPermissionTree, type PermissionNode } from './permissions.js';

const tree: PermissionNode[] = [
  { code: 'a', label: 'a', actions: ['add'], children: [{ code: 'a1', label: 'a1', actions: ['delete'] }] },
  { code: 'group:g', label: 'g', children: [{ code: 'g1', label: 'g1', children: [{ code: 'g11', label: 'g11' }] }] },
];

describe('walkPermissionTree', () => {
  it('visits each node before its children, with its parent', () => {
    const seen: string[] = [];
    walkPermissionTree(tree, (n, p) => void seen.push(`${p?.code ?? '-'}>${n.code}`));
    expect(seen).toEqual(['->a', 'a>a1', '->group:g', 'group:g>g1', 'g1>g11']);
  });

  it('skips the children of a node whose visit answers false', () => {
    const seen: string[] = [];
    walkPermissionTree(tree, (n) => {
      seen.push(n.code);
      return n.code !== 'g1';
    });
    expect(seen).toEqual(['a', 'a1', 'group:g', 'g1']);
  });

  it('lists codes with actions after their menu, groups only when asked', () => {
    expect(permissionCodes(tree, { actions: true })).toEqual(['a', 'a:add', 'a1', 'a1:delete', 'g1', 'g11']);
    expect(permissionCodes(tree, { groups: true })).toEqual(['a', 'a1', 'group:g', 'g1', 'g11']);
  });
});

describe('the management tree', () => {
  it('gives every page menu its own route path', () => {
    const paths: string[] = [];
    walkPermissionTree(PERMISSION_TREE.manage, (n) => {
      if (!n.children) expect(n.path, n.code).toMatch(/^[a-zA-Z-]+$/);
      if (n.path) paths.push(n.path);
    });
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('manage-user');
  });

  it('grants every action code of a menu', () => {
    expect(ALL_PERMISSION_CODES).toContain('yhgl:freeze');
    expect(ALL_PERMISSION_CODES).not.toContain('group:exam');
  });
});
