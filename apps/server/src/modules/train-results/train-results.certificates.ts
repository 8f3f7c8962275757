import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { issueCertificate } from '../certificates/index.js';
import { trainClassCourses, trainClasses } from '../train-classes/index.js';
import { trainEnrolments } from '../train-enrolments/index.js';
import * as repo from './train-results.repository.js';
import { trainResults, trainResultSheets } from './train-results.schema.js';

/**
 * Of `userIds` (every trainee when left out), those who complete class `classId` now: admitted, their result
 * passed, and every online course of the class (a mixed class's) passed in the courses module. The sheet's
 * approval is the caller's to check: a result counts once the sheet holding it is approved.
 */
async function completers(tx: DbOrTx, classId: number, userIds?: number[]): Promise<number[]> {
  const passed = (
    await tx
      .select({ userId: trainResults.userId })
      .from(trainResults)
      .innerJoin(trainEnrolments, and(eq(trainEnrolments.classId, trainResults.classId), eq(trainEnrolments.userId, trainResults.userId)))
      .where(
        and(
          eq(trainResults.classId, classId),
          eq(trainResults.passed, true),
          eq(trainEnrolments.status, 'approved'),
          userIds ? inArray(trainResults.userId, userIds) : undefined,
        ),
      )
      .orderBy(asc(trainResults.userId))
  ).map((r) => r.userId);
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
  const [cls] = await tx
    .select({ name: trainClasses.name, status: trainClasses.status, templateId: trainClasses.certificateTemplateId })
    .from(trainClasses)
    .where(eq(trainClasses.id, classId));
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
  const classes = await tx
    .selectDistinct({ classId: trainClassCourses.classId })
    .from(trainClassCourses)
    .innerJoin(trainResults, and(eq(trainResults.classId, trainClassCourses.classId), eq(trainResults.userId, pass.userId)))
    .where(and(eq(trainClassCourses.courseId, pass.courseId), eq(trainResults.passed, true)))
    .orderBy(asc(trainClassCourses.classId));
  for (const { classId } of classes) {
    const [sheet] = await tx.select({ status: trainResultSheets.status }).from(trainResultSheets).where(eq(trainResultSheets.classId, classId)).for('share');
    if (sheet?.status !== 'approved') continue;
    await tx
      .select({ id: trainResults.id })
      .from(trainResults)
      .where(and(eq(trainResults.classId, classId), eq(trainResults.userId, pass.userId)))
      .for('update');
    await issueClassCertificates(tx, classId, [pass.userId]);
  }
}
