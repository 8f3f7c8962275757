import { defineConstraintErrors } from '../../platform/db/constraints.js';
import { defineTreeTable } from '../../platform/tree-repository.js';

/** Professional (major) tree: name and sort under a parent; `path` (`/3/8/`) and `depth` as in organizations. */
export const professionals = defineTreeTable('professionals');

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  professionals_parent_name_uq: { code: 'DUPLICATE_CATEGORY', field: 'name' },
  professionals_parent_id_professionals_id_fk: { code: 'IN_USE_SUBCLASS', field: 'parentId' },
});
