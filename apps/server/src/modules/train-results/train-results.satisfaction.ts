import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  checkAnswers,
  type AnswerSet,
  type LecturerEvaluation,
  type MyTrainSurveys,
  type QuestionnaireItem,
  type TrainSatisfaction,
  type TrainSatisfactionResult,
  type TrainSurveySet,
  type TrainSurveySetup,
  hasAnyPermission,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { lecturers } from '../lecturers/index.js';
import { questionnaires, findPublishedItems } from '../questionnaires/index.js';
import { trainClasses, trainClassStages } from '../train-classes/index.js';
import * as repo from './train-results.repository.js';
import { trainSurveyResponses, trainSurveys } from './train-results.schema.js';

const round1 = (v: number) => Math.round(v * 10) / 10;

type Survey = typeof trainSurveys.$inferSelect;

/** Averages of a questionnaire's rating items; `score` is every rating as a percentage of its scale. */
export function averagesOf(survey: Pick<Survey, 'id' | 'title' | 'items'>, answers: AnswerSet[]): TrainSatisfaction {
  let sum = 0;
  let n = 0;
  const items = survey.items
    .filter((i): i is Extract<QuestionnaireItem, { kind: 'rating' }> => i.kind === 'rating')
    .map((i) => {
      const ratings = answers.map((a) => a[i.key]).flatMap((a) => (a && 'rating' in a ? [a.rating] : []));
      for (const r of ratings) {
        sum += (r * 100) / i.scale;
        n++;
      }
      return {
        key: i.key,
        title: i.title,
        scale: i.scale,
        count: ratings.length,
        average: ratings.length ? round1(ratings.reduce((s, r) => s + r, 0) / ratings.length) : null,
      };
    });
  return { surveyId: survey.id, title: survey.title, respondents: answers.length, score: n ? round1(sum / n) : null, items };
}

export function createSatisfactionService({ db }: { db: Db }) {
  /** The lecturers teaching a stage of the class. */
  const classLecturers = (d: DbOrTx, classId: number) =>
    d
      .selectDistinct({ lecturerId: lecturers.id, lecturerName: lecturers.realname })
      .from(trainClassStages)
      .innerJoin(lecturers, eq(lecturers.id, trainClassStages.lecturerId))
      .where(eq(trainClassStages.classId, classId))
      .orderBy(asc(lecturers.realname), asc(lecturers.id));

  const responseCount = (d: DbOrTx, ids: number[]) =>
    ids.length
      ? d
          .select({ surveyId: trainSurveyResponses.surveyId, n: count() })
          .from(trainSurveyResponses)
          .where(inArray(trainSurveyResponses.surveyId, ids))
          .groupBy(trainSurveyResponses.surveyId)
      : Promise.resolve([]);

  async function resultOf(d: DbOrTx, survey: Survey) {
    const rows = await d.select({ answers: trainSurveyResponses.answers }).from(trainSurveyResponses).where(eq(trainSurveyResponses.surveyId, survey.id));
    return averagesOf(
      survey,
      rows.map((r) => r.answers),
    );
  }

  async function setup(p: Principal, classId: number): Promise<TrainSurveySetup> {
    await repo.findClass(db, classId, p);
    const [surveys, teaching] = await Promise.all([db.select().from(trainSurveys).where(eq(trainSurveys.classId, classId)), classLecturers(db, classId)]);
    const counts = new Map(
      (
        await responseCount(
          db,
          surveys.map((s) => s.id),
        )
      ).map((c) => [c.surveyId, c.n]),
    );
    const ref = (s: Survey | undefined) => (s ? { id: s.id, questionnaireId: s.questionnaireId, title: s.title, responses: counts.get(s.id) ?? 0 } : null);
    return {
      classSurvey: ref(surveys.find((s) => s.lecturerId === null)),
      lecturers: teaching.map((l) => ({ ...l, survey: ref(surveys.find((s) => s.lecturerId === l.lecturerId)) })),
      canModify: hasAnyPermission(p.permissions, ['pxapgl:modify']),
    };
  }

  return {
    setup,
    templateChoices: (p: Principal, keyword?: string) => repo.choicesIn(db, p, questionnaires, keyword, eq(questionnaires.status, 'published')),

    /**
     * Picks (or removes, questionnaireId null) the class's questionnaire or one lecturer's: a published
     * template in the caller's scope, its items copied. Once answered it no longer changes (SURVEY_ANSWERED_CHANGE_REFUSED).
     */
    async set(p: Principal, input: TrainSurveySet): Promise<TrainSurveySetup> {
      await repo.findClass(db, input.classId, p);
      await db.transaction(async (tx) => {
        await tx.select({ id: trainClasses.id }).from(trainClasses).where(eq(trainClasses.id, input.classId)).for('share');
        if (input.lecturerId !== null && !(await classLecturers(tx, input.classId)).some((l) => l.lecturerId === input.lecturerId))
          throw new AppError('PARAMETER_INVALID', { field: 'lecturerId' });
        const which = and(
          eq(trainSurveys.classId, input.classId),
          input.lecturerId === null ? isNull(trainSurveys.lecturerId) : eq(trainSurveys.lecturerId, input.lecturerId),
        );
        const [existing] = await tx.select().from(trainSurveys).where(which).for('update');
        if (existing) {
          const [answered] = await tx.select({ id: trainSurveyResponses.id }).from(trainSurveyResponses).where(eq(trainSurveyResponses.surveyId, existing.id)).limit(1);
          if (answered) throw new AppError('SURVEY_ANSWERED_CHANGE_REFUSED', { field: 'questionnaireId' });
        }
        if (input.questionnaireId === null) {
          if (existing) await tx.delete(trainSurveys).where(eq(trainSurveys.id, existing.id));
          return;
        }
        const items = await findPublishedItems(tx, p, input.questionnaireId, 'questionnaireId');
        const [{ name }] = (await tx.select({ name: questionnaires.name }).from(questionnaires).where(eq(questionnaires.id, input.questionnaireId))) as [{ name: string }];
        const values = { questionnaireId: input.questionnaireId, title: name, items, updatedAt: new Date() };
        if (existing) await tx.update(trainSurveys).set(values).where(eq(trainSurveys.id, existing.id));
        else await tx.insert(trainSurveys).values({ ...values, classId: input.classId, lecturerId: input.lecturerId });
      });
      return setup(p, input.classId);
    },

    async results(p: Principal, classId: number): Promise<TrainSatisfactionResult> {
      await repo.findClass(db, classId, p);
      const surveys = await db.select().from(trainSurveys).where(eq(trainSurveys.classId, classId));
      const names = new Map((await classLecturers(db, classId)).map((l) => [l.lecturerId, l.lecturerName]));
      const classSurvey = surveys.find((s) => s.lecturerId === null);
      return {
        admitted: (await repo.admittedTrainees(db, classId)).length,
        classResult: classSurvey ? await resultOf(db, classSurvey) : null,
        lecturers: await Promise.all(
          surveys
            .filter((s) => s.lecturerId !== null)
            .map(async (s) => ({ lecturerId: s.lecturerId!, lecturerName: names.get(s.lecturerId!) ?? '', result: await resultOf(db, s) })),
        ),
      };
    },

    /** The class questionnaire's score (performance page), null without one or without answers. */
    async classScore(classId: number): Promise<number | null> {
      const [s] = await db
        .select()
        .from(trainSurveys)
        .where(and(eq(trainSurveys.classId, classId), isNull(trainSurveys.lecturerId)));
      return s ? (await resultOf(db, s)).score : null;
    },

    /** An admitted trainee's questionnaires of a class: open once the class has started (and while it is not cancelled). */
    async mine(p: Principal, classId: number): Promise<MyTrainSurveys> {
      const cls = await repo.findClass(db, classId);
      if (!(await repo.isAdmitted(db, classId, p.userId))) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'classId' });
      const surveys = await db
        .select({
          id: trainSurveys.id,
          title: trainSurveys.title,
          items: trainSurveys.items,
          lecturerName: lecturers.realname,
          answered: sql<boolean>`exists (select 1 from train_survey_responses r where r.survey_id = train_surveys.id and r.user_id = ${p.userId})`,
        })
        .from(trainSurveys)
        .leftJoin(lecturers, eq(lecturers.id, trainSurveys.lecturerId))
        .where(eq(trainSurveys.classId, classId))
        .orderBy(sql`${trainSurveys.lecturerId} nulls first`, asc(trainSurveys.id));
      return { classId, className: cls.name, open: cls.status !== 'cancelled' && Date.now() >= cls.startAt.getTime(), surveys };
    },

    /** Once per trainee and questionnaire (REPEAT_SUBMIT_ERROR), after the class starts (SURVEY_NOT_OPEN), checked as the questionnaires check. */
    async answer(p: Principal, surveyId: number, answers: AnswerSet) {
      const [survey] = await db.select().from(trainSurveys).where(eq(trainSurveys.id, surveyId));
      if (!survey) throw new AppError('NOT_FOUND_ERROR', { field: 'surveyId' });
      const cls = await repo.findClass(db, survey.classId, undefined, 'surveyId');
      if (!(await repo.isAdmitted(db, survey.classId, p.userId))) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'surveyId' });
      if (cls.status === 'cancelled' || Date.now() < cls.startAt.getTime()) throw new AppError('SURVEY_NOT_OPEN', { field: 'surveyId' });
      const issues = checkAnswers(survey.items, answers);
      if (issues.length) throw new AppError('PARAMETER_INVALID', { field: 'answers', data: { issues } });
      const inserted = await db.insert(trainSurveyResponses).values({ surveyId, userId: p.userId, answers }).onConflictDoNothing().returning({ id: trainSurveyResponses.id });
      if (!inserted.length) throw new AppError('REPEAT_SUBMIT_ERROR', { field: 'surveyId' });
      return null;
    },

    /** The lecturer linked to the caller: their questionnaires' results, newest class first. */
    async myEvaluation(p: Principal): Promise<LecturerEvaluation> {
      const [me] = await db.select({ id: lecturers.id, name: lecturers.realname }).from(lecturers).where(eq(lecturers.userId, p.userId));
      if (!me) return { lecturerName: null, classes: [] };
      const surveys = await db
        .select({ survey: trainSurveys, className: trainClasses.name, startAt: trainClasses.startAt })
        .from(trainSurveys)
        .innerJoin(trainClasses, eq(trainClasses.id, trainSurveys.classId))
        .where(eq(trainSurveys.lecturerId, me.id))
        .orderBy(sql`${trainClasses.startAt} desc`);
      return {
        lecturerName: me.name,
        classes: await Promise.all(
          surveys.map(async (s) => ({ classId: s.survey.classId, className: s.className, startAt: s.startAt.toISOString(), result: await resultOf(db, s.survey) })),
        ),
      };
    },

    /** Templates a class questionnaire was built from (a template in use is not deleted). */
    async templatesInUse(d: DbOrTx, ids: number[]): Promise<number[]> {
      const rows = await d.selectDistinct({ id: trainSurveys.questionnaireId }).from(trainSurveys).where(inArray(trainSurveys.questionnaireId, ids));
      return rows.map((r) => r.id!);
    },
  };
}
export type SatisfactionService = ReturnType<typeof createSatisfactionService>;
