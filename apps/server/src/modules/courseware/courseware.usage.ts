import type { Principal } from '../../platform/auth/principal.js';
import { defineUseRegistry, idsInUse, type InUse } from '../../platform/use-registry.js';

/**
 * A module referencing courseware (courses' chapters) registers how to find the ones it uses:
 * `inUse` answers, of the ids given, those it references (run inside the deleting transaction,
 * after the rows are locked), and `mayRead` who else may read a courseware's file and launch
 * its SCORM package (a course's learners).
 */
export interface CoursewareUse extends InUse {
  mayRead?(principal: Principal, coursewareId: number): boolean | Promise<boolean>;
}

const registry = defineUseRegistry<CoursewareUse>('courseware');
export const coursewareUses = registry.usesOf;
/** Registers a referencing module under a name ('course'); a name registers once. */
export const registerCoursewareUse = registry.register;
/** The ids, of those given, that some registered module references. */
export const coursewareInUse = idsInUse;

export async function usersMayRead(uses: ReadonlyMap<string, CoursewareUse>, principal: Principal, coursewareId: number): Promise<boolean> {
  for (const use of uses.values()) if (use.mayRead && (await use.mayRead(principal, coursewareId))) return true;
  return false;
}
