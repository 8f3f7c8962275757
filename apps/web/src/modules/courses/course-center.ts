import { PERMISSION_TREE, walkPermissionTree } from '@hanlin/shared';

/** The course group's pages (spec §2 `course`), from the permission tree: the menu and the course center never disagree. */
export const COURSE_CENTER_PAGES: readonly { code: string; path: string }[] = (() => {
  const out: { code: string; path: string }[] = [];
  walkPermissionTree(PERMISSION_TREE.manage, (n, parent) => {
    if (parent?.code === 'group:course' && n.path) out.push({ code: n.code, path: n.path });
  });
  return out;
})();
