import { defineConstraintErrors, treeConstraintErrors } from '../../platform/db/constraints.js';
import { defineTreeTable } from '../../platform/tree-repository.js';

/** Professional (major) tree: name and sort under a parent; `path` (`/3/8/`) and `depth` as in organizations. */
export const professionals = defineTreeTable('professionals');

/** Constraint violations as API errors (platform/db/constraints.ts; `null`: a violation is a bug). */
export const constraintErrors = defineConstraintErrors({
  ...treeConstraintErrors('professionals', 'DUPLICATE_CATEGORY'),
});
