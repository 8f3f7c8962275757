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
import { findPublishedItems } from '../questionnaires/index.js';
import * as repo from './train-results.repository.js';
import { hasStarted } from './train-results.service.js';
import * as surveysRepo from './train-satisfaction.repository.js';
import type { Survey } from './train-satisfaction.repository.js';

const round1 = (v: number) => Math.round(v * 10) / 10;

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
  const resultOf = async (d: DbOrTx, survey: Survey) => averagesOf(survey, await surveysRepo.answersOf(d, survey.id));

  async function setup(p: Principal, classId: number): Promise<TrainSurveySetup> {
    await repo.findClass(db, classId, p);
    const [surveys, teaching] = await Promise.all([surveysRepo.surveysOfClass(db, classId), surveysRepo.classLecturers(db, classId)]);
    const counts = await surveysRepo.responseCounts(
      db,
      surveys.map((s) => s.id),
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
    templateChoices: (p: Principal, keyword?: string) => surveysRepo.templateChoices(db, p, keyword),

    /**
     * Picks (or removes, questionnaireId null) the class's questionnaire or one lecturer's: a published
     * template in the caller's scope, its items copied. Once answered it no longer changes (SURVEY_ANSWERED_CHANGE_REFUSED).
     */
    async set(p: Principal, input: TrainSurveySet): Promise<TrainSurveySetup> {
      await repo.findClass(db, input.classId, p);
      await db.transaction(async (tx) => {
        await surveysRepo.shareLockClass(tx, input.classId);
        if (input.lecturerId !== null && !(await surveysRepo.classLecturers(tx, input.classId)).some((l) => l.lecturerId === input.lecturerId))
          throw new AppError('PARAMETER_INVALID', { field: 'lecturerId' });
        const existing = await surveysRepo.lockSurveyOf(tx, input.classId, input.lecturerId);
        if (existing?.answered) throw new AppError('SURVEY_ANSWERED_CHANGE_REFUSED', { field: 'questionnaireId' });
        if (input.questionnaireId === null) {
          if (existing) await surveysRepo.deleteSurvey(tx, existing.survey.id);
          return;
        }
        const items = await findPublishedItems(tx, p, input.questionnaireId, 'questionnaireId');
        const title = (await surveysRepo.templateName(tx, input.questionnaireId)) ?? '';
        await surveysRepo.saveSurvey(
          tx,
          existing?.survey.id,
          { questionnaireId: input.questionnaireId, title, items, updatedAt: new Date() },
          { classId: input.classId, lecturerId: input.lecturerId },
        );
      });
      return setup(p, input.classId);
    },

    async results(p: Principal, classId: number): Promise<TrainSatisfactionResult> {
      await repo.findClass(db, classId, p);
      const surveys = await surveysRepo.surveysOfClass(db, classId);
      const names = new Map((await surveysRepo.classLecturers(db, classId)).map((l) => [l.lecturerId, l.lecturerName]));
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
      const s = await surveysRepo.classSurveyOf(db, classId);
      return s ? (await resultOf(db, s)).score : null;
    },

    /** An admitted trainee's questionnaires of a class: open once the class has started (and while it is not cancelled). */
    async mine(p: Principal, classId: number): Promise<MyTrainSurveys> {
      const cls = await repo.findClass(db, classId);
      if (!(await repo.isAdmitted(db, classId, p.userId))) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'classId' });
      const surveys = await surveysRepo.surveysForTrainee(db, classId, p.userId);
      return { classId, className: cls.name, open: cls.status !== 'cancelled' && hasStarted(cls), surveys };
    },

    /** Once per trainee and questionnaire (REPEAT_SUBMIT_ERROR), after the class starts (SURVEY_NOT_OPEN), checked as the questionnaires check. */
    async answer(p: Principal, surveyId: number, answers: AnswerSet) {
      const survey = await surveysRepo.surveyById(db, surveyId);
      if (!survey) throw new AppError('NOT_FOUND_ERROR', { field: 'surveyId' });
      const cls = await repo.findClass(db, survey.classId, undefined, 'surveyId');
      if (!(await repo.isAdmitted(db, survey.classId, p.userId))) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'surveyId' });
      if (cls.status === 'cancelled' || !hasStarted(cls)) throw new AppError('SURVEY_NOT_OPEN', { field: 'surveyId' });
      const issues = checkAnswers(survey.items, answers);
      if (issues.length) throw new AppError('PARAMETER_INVALID', { field: 'answers', data: { issues } });
      if (!(await surveysRepo.insertResponse(db, surveyId, p.userId, answers))) throw new AppError('REPEAT_SUBMIT_ERROR', { field: 'surveyId' });
      return null;
    },

    /** The lecturer linked to the caller: their questionnaires' results, newest class first. */
    async myEvaluation(p: Principal): Promise<LecturerEvaluation> {
      const me = await surveysRepo.lecturerOfUser(db, p.userId);
      if (!me) return { lecturerName: null, classes: [] };
      const surveys = await surveysRepo.surveysOfLecturer(db, me.id);
      return {
        lecturerName: me.name,
        classes: await Promise.all(
          surveys.map(async (s) => ({ classId: s.survey.classId, className: s.className, startAt: s.startAt.toISOString(), result: await resultOf(db, s.survey) })),
        ),
      };
    },

    /** Templates a class questionnaire was built from (a template in use is not deleted). */
    templatesInUse: (d: DbOrTx, ids: number[]): Promise<number[]> => surveysRepo.templatesInUse(d, ids),
  };
}
export type SatisfactionService = ReturnType<typeof createSatisfactionService>;
