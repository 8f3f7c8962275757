import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AnswerSet } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { lecturers } from '../lecturers/index.js';
import { questionnaires } from '../questionnaires/index.js';
import { trainClasses, trainClassStages } from '../train-classes/index.js';
import { choicesIn } from './train-results.repository.js';
import { trainSurveyResponses, trainSurveys } from './train-results.schema.js';

/** The statements of the class and lecturer questionnaires (train-results.satisfaction.ts). */

export type Survey = typeof trainSurveys.$inferSelect;

/** The lecturers teaching a stage of the class. */
export function classLecturers(db: DbOrTx, classId: number) {
  return db
    .selectDistinct({ lecturerId: lecturers.id, lecturerName: lecturers.realname })
    .from(trainClassStages)
    .innerJoin(lecturers, eq(lecturers.id, trainClassStages.lecturerId))
    .where(eq(trainClassStages.classId, classId))
    .orderBy(asc(lecturers.realname), asc(lecturers.id));
}

/** How many answered each of these questionnaires. */
export async function responseCounts(db: DbOrTx, surveyIds: number[]): Promise<Map<number, number>> {
  if (!surveyIds.length) return new Map();
  const rows = await db
    .select({ surveyId: trainSurveyResponses.surveyId, n: count() })
    .from(trainSurveyResponses)
    .where(inArray(trainSurveyResponses.surveyId, surveyIds))
    .groupBy(trainSurveyResponses.surveyId);
  return new Map(rows.map((r) => [r.surveyId, r.n]));
}

/** Every answer set of one questionnaire. */
export async function answersOf(db: DbOrTx, surveyId: number): Promise<AnswerSet[]> {
  const rows = await db.select({ answers: trainSurveyResponses.answers }).from(trainSurveyResponses).where(eq(trainSurveyResponses.surveyId, surveyId));
  return rows.map((r) => r.answers);
}

/** A class's questionnaires (its own and its lecturers'). */
export function surveysOfClass(db: DbOrTx, classId: number): Promise<Survey[]> {
  return db.select().from(trainSurveys).where(eq(trainSurveys.classId, classId));
}

/** The class's own questionnaire (no lecturer). */
export async function classSurveyOf(db: DbOrTx, classId: number): Promise<Survey | undefined> {
  const [s] = await db
    .select()
    .from(trainSurveys)
    .where(and(eq(trainSurveys.classId, classId), isNull(trainSurveys.lecturerId)));
  return s;
}

export async function surveyById(db: DbOrTx, surveyId: number): Promise<Survey | undefined> {
  const [s] = await db.select().from(trainSurveys).where(eq(trainSurveys.id, surveyId));
  return s;
}

/** Holds the class against a concurrent delete while its questionnaire is set. */
export async function shareLockClass(tx: DbOrTx, classId: number) {
  await tx.select({ id: trainClasses.id }).from(trainClasses).where(eq(trainClasses.id, classId)).for('share');
}

/** The questionnaire of the class (lecturerId null) or of one lecturer, locked; and whether anyone answered it. */
export async function lockSurveyOf(tx: DbOrTx, classId: number, lecturerId: number | null): Promise<{ survey: Survey; answered: boolean } | undefined> {
  const [survey] = await tx
    .select()
    .from(trainSurveys)
    .where(and(eq(trainSurveys.classId, classId), lecturerId === null ? isNull(trainSurveys.lecturerId) : eq(trainSurveys.lecturerId, lecturerId)))
    .for('update');
  if (!survey) return undefined;
  const [answered] = await tx.select({ id: trainSurveyResponses.id }).from(trainSurveyResponses).where(eq(trainSurveyResponses.surveyId, survey.id)).limit(1);
  return { survey, answered: !!answered };
}

export async function deleteSurvey(tx: DbOrTx, id: number) {
  await tx.delete(trainSurveys).where(eq(trainSurveys.id, id));
}

/** The name of a questionnaire template (the copy's title). */
export async function templateName(tx: DbOrTx, questionnaireId: number): Promise<string | undefined> {
  const [row] = await tx.select({ name: questionnaires.name }).from(questionnaires).where(eq(questionnaires.id, questionnaireId));
  return row?.name;
}

type SurveyValues = Pick<typeof trainSurveys.$inferInsert, 'questionnaireId' | 'title' | 'items' | 'updatedAt'>;

/** Writes the copy of a template: over the existing questionnaire, or a new one of the class (or its lecturer). */
export async function saveSurvey(tx: DbOrTx, existingId: number | undefined, values: SurveyValues, of: { classId: number; lecturerId: number | null }) {
  if (existingId) await tx.update(trainSurveys).set(values).where(eq(trainSurveys.id, existingId));
  else await tx.insert(trainSurveys).values({ ...values, ...of });
}

/** A trainee's questionnaires of a class (the class's first), each with its lecturer's name and whether they answered. */
export function surveysForTrainee(db: DbOrTx, classId: number, userId: number) {
  return db
    .select({
      id: trainSurveys.id,
      title: trainSurveys.title,
      items: trainSurveys.items,
      lecturerName: lecturers.realname,
      answered: sql<boolean>`exists (select 1 from ${trainSurveyResponses} r where r.survey_id = ${trainSurveys.id} and r.user_id = ${userId})`,
    })
    .from(trainSurveys)
    .leftJoin(lecturers, eq(lecturers.id, trainSurveys.lecturerId))
    .where(eq(trainSurveys.classId, classId))
    .orderBy(sql`${trainSurveys.lecturerId} nulls first`, asc(trainSurveys.id));
}

/** Stores one trainee's answers once: false when they had answered already. */
export async function insertResponse(db: DbOrTx, surveyId: number, userId: number, answers: AnswerSet): Promise<boolean> {
  const inserted = await db.insert(trainSurveyResponses).values({ surveyId, userId, answers }).onConflictDoNothing().returning({ id: trainSurveyResponses.id });
  return inserted.length > 0;
}

/** The lecturer linked to a user account. */
export async function lecturerOfUser(db: DbOrTx, userId: number): Promise<{ id: number; name: string } | undefined> {
  const [me] = await db.select({ id: lecturers.id, name: lecturers.realname }).from(lecturers).where(eq(lecturers.userId, userId));
  return me;
}

/** A lecturer's questionnaires with their classes, the newest class first. */
export function surveysOfLecturer(db: DbOrTx, lecturerId: number) {
  return db
    .select({ survey: trainSurveys, className: trainClasses.name, startAt: trainClasses.startAt })
    .from(trainSurveys)
    .innerJoin(trainClasses, eq(trainClasses.id, trainSurveys.classId))
    .where(eq(trainSurveys.lecturerId, lecturerId))
    .orderBy(sql`${trainClasses.startAt} desc`);
}

/** Of these questionnaire templates, those a class questionnaire was copied from. */
export async function templatesInUse(db: DbOrTx, ids: number[]): Promise<number[]> {
  const rows = await db.selectDistinct({ id: trainSurveys.questionnaireId }).from(trainSurveys).where(inArray(trainSurveys.questionnaireId, ids));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}

/** Published questionnaire templates in the caller's scope to pick from, by name. */
export function templateChoices(db: DbOrTx, p: Principal, keyword: string | undefined) {
  return choicesIn(db, p, questionnaires, keyword, eq(questionnaires.status, 'published'));
}
