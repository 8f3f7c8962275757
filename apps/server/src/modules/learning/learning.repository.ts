import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { LearnerStatus, StudentCourseQuery } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { keywordPattern } from '../../platform/list.js';
import { catalogOrder, courseCategories, courseChapters, courseItems, courseLecturers, courses, coursesReachedBy, inCourseAudience } from '../courses/index.js';
import { coursewares } from '../courseware/index.js';
import { lecturers } from '../lecturers/index.js';
import { mediaAssets } from '../media/index.js';
import { files } from '../uploads/index.js';
import { courseItemProgress, courseLearners, learnerTotals, learningClocks } from './learning.schema.js';
import { onlyRow } from '../../platform/db/rows.js';

const learnerColumns = {
  id: courseLearners.id,
  status: courseLearners.status,
  progress: courseLearners.progress,
  learnedSeconds: courseLearners.learnedSeconds,
  score: courseLearners.score,
  creditAwarded: courseLearners.creditAwarded,
  certificateId: courseLearners.certificateId,
  startedAt: courseLearners.startedAt,
  passedAt: courseLearners.passedAt,
  challengeDueAt: courseLearners.challengeDueAt,
};
export type LearnerRow = {
  id: number;
  status: LearnerStatus;
  progress: number;
  learnedSeconds: number;
  score: number | null;
  creditAwarded: number;
  certificateId: number | null;
  startedAt: Date;
  passedAt: Date | null;
  challengeDueAt: Date | null;
};

const learnerJoin = (userId: number) => and(eq(courseLearners.courseId, courses.id), eq(courseLearners.userId, userId));

/** What a student's list and detail show of a course (with its category and cover joined). */
const courseColumns = {
  id: courses.id,
  name: courses.name,
  coverId: files.publicId,
  categoryId: courses.categoryId,
  categoryName: courseCategories.name,
  labels: courses.labels,
  required: courses.required,
  credit: courses.credit,
  validUntil: courses.validUntil,
  status: courses.status,
};

/** The courses a student sees: open to them, or already theirs (also off the shelf or expired). */
export async function findStudentCourses(db: DbOrTx, userId: number, q: StudentCourseQuery) {
  const where: SQL[] = [coursesReachedBy(userId)];
  if (q.keyword) where.push(sql`${courses.name} ilike ${keywordPattern(q.keyword)}`);
  if (q.categoryId)
    where.push(
      sql`${courses.categoryId} in (select s.id from course_categories s where s.path like (select p.path from course_categories p where p.id = ${q.categoryId}) || '%')`,
    );
  if (q.label) where.push(sql`${q.label} = any(${courses.labels})`);
  if (q.required !== undefined) where.push(eq(courses.required, q.required));
  if (q.status === 'notStarted') where.push(isNull(courseLearners.userId));
  else if (q.status) where.push(eq(courseLearners.status, q.status));
  const rows = await db
    .select({
      ...courseColumns,
      myStatus: courseLearners.status,
      progress: courseLearners.progress,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(courses)
    .leftJoin(courseLearners, learnerJoin(userId))
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .leftJoin(files, eq(files.id, courses.coverFileId))
    .where(and(...where))
    .orderBy(desc(courses.publishedAt), desc(courses.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return rows;
}

/** One course as the student may see it, with their learner row and whether it is open to them. */
export async function getStudentCourse(db: DbOrTx, userId: number, courseId: number) {
  const [row] = await db
    .select({
      ...courseColumns,
      intro: courses.intro,
      passProgress: courses.passProgress,
      passScore: courses.passScore,
      certificateTemplateId: courses.certificateTemplateId,
      antiCheat: courses.antiCheat,
      antiCheatInterval: courses.antiCheatInterval,
      antiSkip: courses.antiSkip,
      inAudience: sql<boolean>`${inCourseAudience(userId)}`,
      expired: sql<boolean>`coalesce(${courses.validUntil} <= now(), false)`,
      learnerUserId: courseLearners.userId,
      learner: learnerColumns,
    })
    .from(courses)
    .leftJoin(courseLearners, learnerJoin(userId))
    .leftJoin(courseCategories, eq(courseCategories.id, courses.categoryId))
    .leftJoin(files, eq(files.id, courses.coverFileId))
    .where(eq(courses.id, courseId));
  if (!row) return undefined;
  const { learnerUserId, learner, ...course } = row;
  return { ...course, learner: learnerUserId === null ? null : learner };
}
export type StudentCourse = NonNullable<Awaited<ReturnType<typeof getStudentCourse>>>;
/** The columns of a course that a student's list and detail share. */
export type StudentCourseHead = Pick<StudentCourse, keyof typeof courseColumns>;

export function getLecturerNames(db: DbOrTx, courseId: number) {
  return db
    .select({ id: lecturers.id, name: lecturers.realname })
    .from(courseLecturers)
    .innerJoin(lecturers, eq(lecturers.id, courseLecturers.lecturerId))
    .where(eq(courseLecturers.courseId, courseId))
    .orderBy(asc(courseLecturers.sort));
}

/** A learner's progress in one item. */
const progressColumns = {
  position: courseItemProgress.position,
  furthest: courseItemProgress.furthest,
  total: courseItemProgress.total,
  score: courseItemProgress.score,
  completedAt: courseItemProgress.completedAt,
};

const itemColumns = {
  id: courseItems.id,
  chapterId: courseChapters.id,
  chapterName: courseChapters.name,
  coursewareId: coursewares.id,
  name: coursewares.name,
  type: coursewares.type,
  mime: files.mime,
  fileId: files.publicId,
  fileName: files.originalName,
  scormPackageId: coursewares.scormPackageId,
  /** The item's length as the server knows it (media module): probed duration, PDF page count. */
  durationMs: mediaAssets.durationMs,
  pages: mediaAssets.pages,
};

/** The catalog: chapters and their courseware in order, with the user's progress per item. */
export function getCatalog(db: DbOrTx, userId: number, courseId: number) {
  return db
    .select({
      ...itemColumns,
      ...progressColumns,
    })
    .from(courseChapters)
    .innerJoin(courseItems, eq(courseItems.chapterId, courseChapters.id))
    .innerJoin(coursewares, eq(coursewares.id, courseItems.coursewareId))
    .innerJoin(files, eq(files.id, coursewares.fileId))
    .leftJoin(mediaAssets, eq(mediaAssets.fileId, files.id))
    .leftJoin(courseItemProgress, and(eq(courseItemProgress.itemId, courseItems.id), eq(courseItemProgress.userId, userId)))
    .where(eq(courseChapters.courseId, courseId))
    .orderBy(...catalogOrder);
}

/** An item of a course with its courseware and the course's learning rules (the heartbeat's context). */
export async function getItemContext(db: DbOrTx, courseId: number, itemId: number) {
  const [row] = await db
    .select({
      ...itemColumns,
      courseId: courses.id,
      courseName: courses.name,
      validUntil: courses.validUntil,
      antiSkip: courses.antiSkip,
      antiCheat: courses.antiCheat,
      antiCheatInterval: courses.antiCheatInterval,
      passProgress: courses.passProgress,
      passScore: courses.passScore,
      credit: courses.credit,
      certificateTemplateId: courses.certificateTemplateId,
    })
    .from(courseItems)
    .innerJoin(courseChapters, eq(courseChapters.id, courseItems.chapterId))
    .innerJoin(courses, eq(courses.id, courseChapters.courseId))
    .innerJoin(coursewares, eq(coursewares.id, courseItems.coursewareId))
    .innerJoin(files, eq(files.id, coursewares.fileId))
    .leftJoin(mediaAssets, eq(mediaAssets.fileId, files.id))
    .where(and(eq(courseItems.id, itemId), eq(courseChapters.courseId, courseId)));
  return row;
}
export type ItemContext = NonNullable<Awaited<ReturnType<typeof getItemContext>>>;

export { countPass, enrolLearners, insertLearner } from './learning.enrol.js';

export async function getLearner(db: DbOrTx, courseId: number, userId: number): Promise<LearnerRow | undefined> {
  const [row] = await db
    .select(learnerColumns)
    .from(courseLearners)
    .where(and(eq(courseLearners.courseId, courseId), eq(courseLearners.userId, userId)));
  return row;
}

/**
 * Moves the user's clock to now and answers the seconds to credit: the time since the last
 * counted beat, at most `cap`, and none past `until` (an anti-cheat pop-up due). Under the row
 * lock, so parallel beats of two tabs share one interval instead of each counting it.
 */
export async function tickClock(tx: DbOrTx, userId: number, cap: number, until: Date | null): Promise<number> {
  const { rows } = await tx.execute<{ credit: number }>(sql`
    update learning_clocks c set last_beat_at = now()
    from (select user_id, last_beat_at from learning_clocks where user_id = ${userId} for update) o
    where c.user_id = o.user_id
    returning greatest(0, floor(extract(epoch from least(now(), coalesce(${until}::timestamptz, now())) - greatest(o.last_beat_at, now() - make_interval(secs => ${cap})))))::int as credit`);
  if (rows.length) return Number(rows[0].credit);
  await tx
    .insert(learningClocks)
    .values({ userId, lastBeatAt: sql`now()` })
    .onConflictDoNothing();
  return 0;
}

/** Starts the user's clock if it never ran (opening an item): the first beat after it counts the time since. */
export async function startClock(tx: DbOrTx, userId: number) {
  await tx
    .insert(learningClocks)
    .values({ userId, lastBeatAt: sql`now()` })
    .onConflictDoNothing();
}

/** Restarts the user's clock (after the pop-up is answered the paused time is not counted). */
export async function resetClock(tx: DbOrTx, userId: number) {
  await tx
    .insert(learningClocks)
    .values({ userId, lastBeatAt: sql`now()` })
    .onConflictDoUpdate({ target: learningClocks.userId, set: { lastBeatAt: sql`now()` } });
}

/** Whether this transaction's commit may return before its WAL reaches the disk (heartbeats: yes; a pass: no). */
export async function relaxCommit(tx: DbOrTx, relaxed: boolean) {
  await tx.execute(relaxed ? sql`set local synchronous_commit = off` : sql`set local synchronous_commit = on`);
}

/** The learner row locked (one user's calls on a course run one at a time) with their progress in one item. */
export async function lockLearnerWithItem(tx: DbOrTx, courseId: number, userId: number, itemId: number) {
  const [row] = await tx
    .select({
      learner: learnerColumns,
      item: progressColumns,
    })
    .from(courseLearners)
    .leftJoin(courseItemProgress, and(eq(courseItemProgress.userId, courseLearners.userId), eq(courseItemProgress.itemId, itemId)))
    .where(and(eq(courseLearners.courseId, courseId), eq(courseLearners.userId, userId)))
    .for('update', { of: courseLearners });
  if (!row) return undefined;
  return { learner: row.learner, item: row.item?.position == null ? undefined : row.item };
}
export interface ItemProgressRow {
  position: number;
  furthest: number;
  total: number;
  score: number | null;
  completedAt: Date | null;
}

export interface ItemProgressWrite {
  position: number;
  furthest: number;
  total: number;
  score: number | null;
  completed: boolean;
  addSeconds: number;
}

export async function writeItemProgress(tx: DbOrTx, key: { userId: number; itemId: number; courseId: number }, w: ItemProgressWrite) {
  const completedAt = w.completed ? sql`now()` : null;
  await tx
    .insert(courseItemProgress)
    .values({ ...key, position: w.position, furthest: w.furthest, total: w.total, score: w.score, learnedSeconds: w.addSeconds, completedAt })
    .onConflictDoUpdate({
      target: [courseItemProgress.userId, courseItemProgress.itemId],
      set: {
        position: w.position,
        furthest: w.furthest,
        total: w.total,
        score: w.score,
        learnedSeconds: sql`${courseItemProgress.learnedSeconds} + ${w.addSeconds}`,
        completedAt: sql`coalesce(${courseItemProgress.completedAt}, ${completedAt})`,
        updatedAt: sql`now()`,
      },
    });
}

/** Completed items over all items of the course, and the mean score of the scored ones. */
export async function courseCompletion(tx: DbOrTx, userId: number, courseId: number) {
  const { rows } = await tx.execute<{ done: number; all: number; score: number | null }>(sql`
    select count(p.completed_at)::int as done, count(*)::int as all, round(avg(p.score))::int as score
    from course_items i join course_chapters ch on ch.id = i.chapter_id
    left join course_item_progress p on p.item_id = i.id and p.user_id = ${userId}
    where ch.course_id = ${courseId}`);
  const r = onlyRow(rows);
  return { progress: r.all ? Math.floor((r.done * 100) / r.all) : 0, score: r.score === null ? null : Number(r.score) };
}

export async function updateLearner(
  tx: DbOrTx,
  courseId: number,
  userId: number,
  set: { addSeconds?: number; progress?: number; score?: number | null; challengeDueAt?: SQL | null; touched?: boolean },
): Promise<LearnerRow> {
  const row = onlyRow(
    await tx
      .update(courseLearners)
      .set({
        ...(set.addSeconds ? { learnedSeconds: sql`${courseLearners.learnedSeconds} + ${set.addSeconds}` } : {}),
        ...(set.touched ? { lastLearnedAt: sql`now()` } : {}),
        ...(set.progress !== undefined ? { progress: set.progress } : {}),
        ...(set.score !== undefined ? { score: set.score } : {}),
        ...(set.challengeDueAt !== undefined ? { challengeDueAt: set.challengeDueAt } : {}),
      })
      .where(and(eq(courseLearners.courseId, courseId), eq(courseLearners.userId, userId)))
      .returning(learnerColumns),
  );
  if (set.addSeconds || set.touched) {
    await tx
      .update(learnerTotals)
      .set({
        ...(set.addSeconds ? { learnedSeconds: sql`${learnerTotals.learnedSeconds} + ${set.addSeconds}` } : {}),
        ...(set.touched ? { lastLearnedAt: sql`now()` } : {}),
      })
      .where(eq(learnerTotals.userId, userId));
  }
  return row;
}

export async function setLearnerCertificate(tx: DbOrTx, courseId: number, userId: number, certificateId: number) {
  await tx
    .update(courseLearners)
    .set({ certificateId })
    .where(and(eq(courseLearners.courseId, courseId), eq(courseLearners.userId, userId)));
}

/** "My courses": the user's learner rows of one status, most recently learnt first. */
export function findMyCourses(db: DbOrTx, userId: number, q: { status: LearnerStatus; page: number; size: number }) {
  return db
    .select({
      id: courses.id,
      name: courses.name,
      coverId: files.publicId,
      credit: courses.credit,
      required: courses.required,
      status: courses.status,
      learner: learnerColumns,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(courseLearners)
    .innerJoin(courses, eq(courses.id, courseLearners.courseId))
    .leftJoin(files, eq(files.id, courses.coverFileId))
    .where(and(eq(courseLearners.userId, userId), eq(courseLearners.status, q.status)))
    .orderBy(sql`${courseLearners.lastLearnedAt} desc nulls last`, desc(courseLearners.startedAt), desc(courses.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
}

/** Whether the user learns a course that uses the courseware (file reading, SCORM launch). */
export async function learnsCourseware(db: DbOrTx, userId: number, coursewareId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from course_items i join course_chapters ch on ch.id = i.chapter_id
    join course_learners l on l.course_id = ch.course_id and l.user_id = ${userId} where i.courseware_id = ${coursewareId} limit 1`);
  return rows.length > 0;
}

/** Whether the user learns the course and the package is one of its courseware. */
export async function learnsPackage(db: DbOrTx, userId: number, courseId: number, packageId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`select 1 from course_learners l join course_chapters ch on ch.course_id = l.course_id
    join course_items i on i.chapter_id = ch.id join coursewares w on w.id = i.courseware_id
    where l.course_id = ${courseId} and l.user_id = ${userId} and w.scorm_package_id = ${packageId} limit 1`);
  return rows.length > 0;
}

/** Of the ids, the courses somebody has learnt (a learnt course is not deleted). */
export async function learntCourseIds(db: DbOrTx, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectDistinct({ id: courseLearners.courseId }).from(courseLearners).where(inArray(courseLearners.courseId, ids));
  return rows.map((r) => r.id);
}
