import type { DbOrTx } from '../../platform/db/client.js';
import { issueCertificate } from '../certificates/index.js';
import * as repo from './train-results.repository.js';

/**
 * Of `userIds` (every trainee when left out), those who complete class `classId` now: admitted, their result
 * passed, and every online course of the class (a mixed class's) passed in the courses module. The sheet's
 * approval is the caller's to check: a result counts once the sheet holding it is approved.
 */
async function completers(tx: DbOrTx, classId: number, userIds?: number[]): Promise<number[]> {
  const passed = await repo.passedAdmitted(tx, classId, userIds);
  const { courses, passedBy } = await repo.onlineCoursesPassed(tx, classId, passed);
  if (!courses) return passed;
  return passed.filter((id) => passedBy.get(id) === courses);
}

/**
 * Issues the class's certificate (the template it names now) to those of `userIds` (every trainee when left
 * out) who complete it; a class without a template, or cancelled, issues none. One certificate per trainee
 * and class whatever the template (`onePerSource`). Called in the transaction that holds the approved sheet's
 * lock: the approval itself, or a course pass after it (`issueAfterCoursePass`).
 */
export async function issueClassCertificates(tx: DbOrTx, classId: number, userIds?: number[]): Promise<number> {
  const cls = await repo.certificateOf(tx, classId);
  if (!cls || cls.templateId === null || cls.status === 'cancelled') return 0;
  let issued = 0;
  for (const userId of await completers(tx, classId, userIds)) {
    const cert = await issueCertificate(tx, { templateId: cls.templateId, userId, source: { kind: 'training', id: classId, title: cls.name }, onePerSource: true });
    if (cert.created) issued++;
  }
  return issued;
}

/**
 * The courses module's pass listener: a trainee who passes the last online course of a mixed class after its
 * results were approved completes it now. Per class (in id order): the sheet under a share lock (an approval
 * in progress finishes first, and then saw this pass or is seen here approved), then the trainee's result row
 * under an update lock (two passes of one trainee, of two courses, run one after the other: the second sees the first).
 */
export async function issueAfterCoursePass(tx: DbOrTx, pass: { userId: number; courseId: number }): Promise<void> {
  for (const classId of await repo.passedClassesWithCourse(tx, pass.userId, pass.courseId)) {
    const sheet = await repo.shareLockSheet(tx, classId);
    if (sheet?.status !== 'approved') continue;
    await repo.lockResult(tx, classId, pass.userId);
    await issueClassCertificates(tx, classId, [pass.userId]);
  }
}
