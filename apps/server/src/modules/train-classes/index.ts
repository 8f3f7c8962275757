// Public surface of the train-classes module: other modules import only from here.
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { scopedLock } from '../../platform/scope.js';
import { hasAnyPermission } from '@hanlin/shared';
import * as repo from './train-classes.repository.js';

export { trainClasses, trainClassStages, trainClassBudgetItems, trainClassCourses, trainClassNotices } from './train-classes.schema.js';
export { registerClassAudience, registerSeatCounter, type ClassAudience, type SeatCounter } from './train-classes.audience.js';
export { getTrainClass } from './train-classes.repository.js';

const lockInScope = scopedLock(repo.lockTrainClasses, { notFound: 'classId', field: 'classId' });

/** Locks one class (FOR UPDATE) in the caller's data scope: NOT_FOUND_ERROR, NO_DATA_PERMISSION_ERROR (field `classId`). */
export async function lockTrainClass(tx: DbOrTx, p: Pick<Principal, 'scopePaths'>, id: number) {
  const [row] = await lockInScope(tx, p, [id]);
  return row;
}

/** The stages of a class in time order, with room, site and lecturer names (`lecturerUserId`: the lecturer's account). */
export const classStages = (db: DbOrTx, classId: number) => repo.stagesOf(db, [classId]);

/** The user's roles in class `classId`: `headmaster` (its class teacher), `lecturer` (teaches one of its stages; `lecturers.user_id`). */
export const classRolesOf = (db: DbOrTx, classId: number, userId: number) => repo.classRolesOf(db, classId, userId);

/**
 * Whether the caller reads class `classId` from an end (read-only: roster, attendance, results): as its class
 * teacher with `pxgl-bzr`, or as the lecturer of one of its stages with `pxgl-js`. Nobody else gains anything.
 */
export async function readsClassFromEnd(db: DbOrTx, p: Pick<Principal, 'userId' | 'permissions'>, classId: number): Promise<boolean> {
  const teacher = hasAnyPermission(p.permissions, ['pxgl-bzr']);
  const lecturer = hasAnyPermission(p.permissions, ['pxgl-js']);
  if (!teacher && !lecturer) return false;
  const roles = await repo.classRolesOf(db, classId, p.userId);
  return (teacher && roles.headmaster) || (lecturer && roles.lecturer);
}
