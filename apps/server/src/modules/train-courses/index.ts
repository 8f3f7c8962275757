// Public surface of the train-courses module (face-to-face courses): other modules import only from here.
import type { DbOrTx } from '../../platform/db/client.js';
import * as repo from './train-courses.repository.js';

export { trainCourses, trainCourseCategories } from './train-courses.schema.js';
export { registerTrainCourseUse } from './train-courses.usage.js';

/** Whether every id given is a face-to-face course (a class stage names one). */
export async function trainCourseExists(db: DbOrTx, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  return (await repo.existingIds(db, unique)).length === unique.length;
}

/** Names by id of the face-to-face courses given (ids that are no course are left out). */
export const trainCourseNames = (db: DbOrTx, ids: number[]): Promise<Map<number, string>> => repo.namesOf(db, [...new Set(ids)]);
