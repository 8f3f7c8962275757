import { defineUseRegistry, idsInUse, type InUse } from '../../platform/use-registry.js';

/**
 * A module referencing courses (learning's learners) registers how to find the ones it uses:
 * `inUse` answers, of the ids given, those it references (run inside the deleting transaction,
 * after the rows are locked). A course in use cannot be deleted (IN_USE_COURSE).
 */
const registry = defineUseRegistry<InUse>('course');
export const courseUses = registry.usesOf;
/** Registers a referencing module under a name ('learning'); a name registers once. */
export const registerCourseUse = registry.register;
/** The ids, of those given, that some registered module references. */
export const coursesInUse = idsInUse;
