import type { CoursewareType } from '@hanlin/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { defineConstraintErrors, treeConstraintErrors } from '../../platform/db/constraints.js';
import { defineTreeTable } from '../../platform/tree-repository.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { files } from '../uploads/index.js';
import { scormPackages } from '../scorm/index.js';
import { requiredRef, textArray, timestamps } from '../../platform/db/columns.js';

/** Courseware categories ("sort categories"): a tree as organizations, at most 5 levels. */
export const coursewareCategories = defineTreeTable('courseware_categories');

/** The courseware library: one uploaded file each (a SCORM zip also has its imported package). */
export const coursewares = pgTable(
  'coursewares',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 200 }).notNull(),
    type: varchar({ length: 16 }).notNull().$type<CoursewareType>(),
    labels: textArray(),
    mobilePlay: boolean().notNull().default(true),
    download: boolean().notNull().default(false),
    categoryId: integer().references(() => coursewareCategories.id, { onDelete: 'restrict' }),
    /** The uploader's organization: the data scope of the record. */
    orgId: integer().references(() => organizations.id, { onDelete: 'restrict' }),
    uploadedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    fileId: requiredRef(() => files.id, 'restrict'),
    /** The imported package of a SCORM courseware. */
    scormPackageId: integer().references(() => scormPackages.id, { onDelete: 'restrict' }),
    /** `createdAt`: the upload time. */
    ...timestamps(),
  },
  (t) => [
    // Unique per category (uncategorized courseware shares category 0).
    uniqueIndex('coursewares_category_name_uq').on(sql`coalesce(${t.categoryId}, 0)`, t.name),
    index('coursewares_org_idx').on(t.orgId, t.id),
    index('coursewares_category_idx').on(t.categoryId, t.id),
    index('coursewares_file_idx').on(t.fileId),
    index('coursewares_scorm_package_idx').on(t.scormPackageId),
    check('coursewares_type_check', sql`${t.type} in ('scorm', 'general', 'video', 'audio')`),
  ],
);

/** Constraint violations as API errors (platform/db/constraints.ts). */
export const constraintErrors = defineConstraintErrors({
  ...treeConstraintErrors('courseware_categories', 'DUPLICATE_CATEGORY'),
  coursewares_category_name_uq: { code: 'DUPLICATE_COURSEWARE', field: 'name' },
  coursewares_type_check: { code: 'PARAMETER_INVALID', field: 'type' },
  coursewares_category_id_courseware_categories_id_fk: { code: 'IN_USE_SUBCLASS', field: 'categoryId' },
  coursewares_org_id_organizations_id_fk: { code: 'IN_USE_ORGANIZATION', field: 'orgId' },
  coursewares_uploaded_by_users_id_fk: null,
  coursewares_file_id_files_id_fk: { code: 'IN_USE_COURSEWARE', field: 'file' },
  coursewares_scorm_package_id_scorm_packages_id_fk: { code: 'IN_USE_COURSEWARE', field: 'scormPackageId' },
});
