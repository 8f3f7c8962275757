import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';

/**
 * A module referencing courseware (courses' chapters) registers how to find the ones it uses:
 * `inUse` answers, of the ids given, those it references (run inside the deleting transaction,
 * after the rows are locked), and `mayRead` who else may read a courseware's file and launch
 * its SCORM package (a course's learners).
 */
export interface CoursewareUse {
  inUse(db: DbOrTx, ids: number[]): Promise<number[]>;
  mayRead?(principal: Principal, coursewareId: number): boolean | Promise<boolean>;
}

const usesByApp = new WeakMap<FastifyInstance, Map<string, CoursewareUse>>();

export function coursewareUses(app: FastifyInstance): Map<string, CoursewareUse> {
  let uses = usesByApp.get(app);
  if (!uses) usesByApp.set(app, (uses = new Map()));
  return uses;
}

/** Registers a referencing module under a name ('course'); a name registers once. */
export function registerCoursewareUse(app: FastifyInstance, name: string, use: CoursewareUse) {
  const uses = coursewareUses(app);
  if (uses.has(name)) throw new Error(`courseware use ${name} registered twice`);
  uses.set(name, use);
}

/** The ids, of those given, that some registered module references. */
export async function coursewareInUse(uses: ReadonlyMap<string, CoursewareUse>, db: DbOrTx, ids: number[]): Promise<Set<number>> {
  const used = new Set<number>();
  if (!ids.length) return used;
  for (const use of uses.values()) for (const id of await use.inUse(db, ids)) used.add(id);
  return used;
}

export async function usersMayRead(uses: ReadonlyMap<string, CoursewareUse>, principal: Principal, coursewareId: number): Promise<boolean> {
  for (const use of uses.values()) if (use.mayRead && (await use.mayRead(principal, coursewareId))) return true;
  return false;
}
