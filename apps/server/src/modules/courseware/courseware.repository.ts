import { eq, inArray, sql } from 'drizzle-orm';
import { COURSEWARE_CATEGORY_DEPTH, type COURSEWARE_SORT_KEYS, type CoursewareType } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { insertRow, updateRow } from '../../platform/table-rows.js';
import { lockOrgRows } from '../../platform/org-rows.js';
import { defineCategoryTree } from '../../platform/category-tree.js';
import { defineList } from '../../platform/list.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { files } from '../uploads/index.js';
import { coursewareCategories, coursewares } from './courseware.schema.js';

/** The category tree: several roots, at most 5 levels; a category holding courseware is in use. */
export const categoryTree = defineCategoryTree(coursewareCategories, {
  maxDepth: COURSEWARE_CATEGORY_DEPTH,
  lockKey: 'coursewareCategoryTree',
  items: coursewares.categoryId,
});

const rowColumns = {
  id: coursewares.id,
  name: coursewares.name,
  type: coursewares.type,
  labels: coursewares.labels,
  mobilePlay: coursewares.mobilePlay,
  download: coursewares.download,
  categoryId: coursewares.categoryId,
  categoryName: coursewareCategories.name,
  orgId: coursewares.orgId,
  orgName: organizations.name,
  orgPath: organizations.path,
  uploadedBy: coursewares.uploadedBy,
  uploaderName: users.realname,
  createdAt: coursewares.createdAt,
  fileId: files.publicId,
  fileName: files.originalName,
  fileSize: files.size,
  scormPackageId: coursewares.scormPackageId,
};
const sortColumns = { id: coursewares.id, name: coursewares.name, createdAt: coursewares.createdAt } satisfies Record<(typeof COURSEWARE_SORT_KEYS)[number], unknown>;

/** The courseware list: the caller's organization subtrees, type, category subtree, keyword on name. */
export const coursewareList = defineList({
  name: 'courseware_list',
  table: coursewares,
  tables: ['coursewares', 'organizations', 'courseware_categories'],
  scope: { column: coursewares.orgId },
  filters: {
    type: (v) => eq(coursewares.type, v),
    categoryId: (v) => categoryTree.inSubtree(coursewares.categoryId, v),
  },
  keyword: (pattern) => sql`${coursewares.name} ilike ${pattern}`,
  sort: sortColumns,
  columns: rowColumns,
  join: (q) =>
    q
      .leftJoin(coursewareCategories, eq(coursewareCategories.id, coursewares.categoryId))
      .leftJoin(organizations, eq(organizations.id, coursewares.orgId))
      .leftJoin(users, eq(users.id, coursewares.uploadedBy))
      .innerJoin(files, eq(files.id, coursewares.fileId)),
});
export type CoursewareRecord = Awaited<ReturnType<typeof getCoursewares>>[number];

export const getCoursewares = coursewareList.rowsOf;

/** Locks the rows (id order) for a change, with their organization's path for the scope check. */
export function lockCoursewares(tx: DbOrTx, ids: number[]) {
  return lockOrgRows(tx, coursewares, ids, ['categoryId', 'name', 'scormPackageId']);
}

export async function nameTaken(db: DbOrTx, categoryId: number | null, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: coursewares.id })
    .from(coursewares)
    .where(sql`coalesce(${coursewares.categoryId}, 0) = ${categoryId ?? 0} and ${coursewares.name} = ${name}${exceptId ? sql` and ${coursewares.id} <> ${exceptId}` : sql``}`)
    .limit(1);
  return !!row;
}

export async function insertCourseware(
  db: DbOrTx,
  v: {
    name: string;
    type: CoursewareType;
    labels: string[];
    mobilePlay: boolean;
    download: boolean;
    categoryId: number | null;
    orgId: number | null;
    uploadedBy: number;
    fileId: number;
    scormPackageId: number | null;
  },
): Promise<number> {
  return insertRow(db, coursewares, v);
}

export async function updateCourseware(
  db: DbOrTx,
  id: number,
  set: Partial<{ name: string; labels: string[]; mobilePlay: boolean; download: boolean; categoryId: number | null }>,
) {
  await updateRow(db, coursewares, id, set);
}

export async function deleteCoursewares(db: DbOrTx, ids: number[]) {
  await db.delete(coursewares).where(inArray(coursewares.id, ids));
}

/** The courseware a file or SCORM package belongs to, with its organization path (read rules). */
export async function ownerOfFile(db: DbOrTx, fileId: number) {
  const [row] = await db
    .select({ id: coursewares.id, orgPath: organizations.path })
    .from(coursewares)
    .leftJoin(organizations, eq(organizations.id, coursewares.orgId))
    .where(eq(coursewares.fileId, fileId))
    .limit(1);
  return row ?? null;
}
export async function getCoursewareOrgPath(db: DbOrTx, id: number): Promise<string | null> {
  const [row] = await db
    .select({ orgPath: organizations.path })
    .from(coursewares)
    .leftJoin(organizations, eq(organizations.id, coursewares.orgId))
    .where(eq(coursewares.id, id));
  return row?.orgPath ?? null;
}
