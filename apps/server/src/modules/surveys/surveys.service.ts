import type { FastifyInstance } from 'fastify';
import {
  SURVEY_AUDIENCE,
  SURVEY_LIFECYCLE,
  checkAnswers,
  surveyStateAt,
  type MySurveyQuery,
  type MySurveyRow,
  type Page,
  type SurveyAbilities,
  type SurveyAnswerBody,
  type SurveyDetail,
  type SurveyInsert,
  type SurveyRow,
  type SurveySheet,
  type SurveyUpdate,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { onlyRow } from '../../platform/db/rows.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { listReads, type ListRuntime } from '../../platform/list.js';
import { abilitiesOf, transitionCommand } from '../../platform/lifecycle.js';
import { scopedLock } from '../../platform/scope.js';
import { clearAudience, getAudience, setAudience } from '../audiences/index.js';
import { findPublishedItems, requireQuestionnaireCategory, requireQuestions } from '../questionnaires/index.js';
import * as repo from './surveys.repository.js';
import { surveys } from './surveys.schema.js';
import type { SurveyClock } from './surveys.clock.js';

interface Deps {
  app: FastifyInstance;
  db: Db;
  lists: ListRuntime;
  /** Sends the open message, the reminder and the end at their moments (`surveys.clock.ts`). */
  clock: SurveyClock;
}

const ABILITY_CODES: Record<keyof SurveyAbilities, string> = {
  modify: 'dcgl:modify',
  delete: 'dcgl:delete',
  release: 'dcgl:publish',
  unrelease: 'dcgl:unpublish',
  end: 'dcgl:publish',
};
const owner = (id: number) => ({ type: SURVEY_AUDIENCE, id });
const iso = (d: Date) => d.toISOString();

export function createSurveysService({ db, lists, clock }: Deps) {
  async function present(p: Principal, rows: repo.SurveyRecord[]): Promise<SurveyRow[]> {
    const now = new Date();
    return Promise.all(
      rows.map(async ({ orgPath: _orgPath, description: _d, templateId: _t, ...r }) => {
        const status = surveyStateAt(r.status, r.endAt, now);
        return {
          ...r,
          status,
          startAt: iso(r.startAt),
          endAt: iso(r.endAt),
          createdAt: iso(r.createdAt),
          audienceSize: await repo.audienceSize(db, r.id),
          abilities: abilitiesOf(SURVEY_LIFECYCLE.abilities(status), p.permissions, ABILITY_CODES, { end: false, release: r.endAt > now }),
        };
      }),
    );
  }
  const reads = listReads(repo.surveyList, lists, present, { field: 'id' });
  const lockInScope = scopedLock(repo.lockSurveys, { field: 'ids', beyond: true });

  async function requireFreeName(dbx: DbOrTx, name: string, exceptId?: number) {
    if (await repo.nameTaken(dbx, name, exceptId)) throw new AppError('DUPLICATE_SURVEY', { field: 'name' });
  }

  const transition = transitionCommand({
    db,
    lifecycle: SURVEY_LIFECYCLE,
    table: surveys,
    state: 'status',
    lock: lockInScope,
    on: {
      release: {
        // Nothing to answer, or an end already passed, is incomplete content (spec §8) / a time before now.
        check: async (_tx, rows) => {
          requireQuestions(rows);
          const now = Date.now();
          const past = rows.filter((r) => r.endAt.getTime() <= now).map((r) => r.id);
          if (past.length) throw new AppError('TIME_BEFORE_NOW', { field: 'endAt', data: { ids: past } });
        },
        set: (now) => ({ releasedAt: now }),
        after: async (tx, rows) => {
          for (const r of rows) await clock.schedule(tx, r);
        },
      },
      // The stored `released` of a survey past its end is `ended` on the server's clock.
      unrelease: {
        check: async (_tx, rows) => {
          const ended = rows.filter((r) => surveyStateAt(r.status, r.endAt) === 'ended').map((r) => r.id);
          if (ended.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: ended } });
        },
      },
    },
  });

  /** The respondent's row: state, and what they may do (answer while open, see public results). */
  function presentMine(r: repo.MySurveyRecord): MySurveyRow {
    return {
      id: r.id,
      name: r.name,
      startAt: iso(new Date(r.start_at)),
      endAt: iso(new Date(r.end_at)),
      anonymous: r.anonymous,
      state: r.state,
      answeredCount: r.answered_count,
      abilities: { answer: r.state === 'open', results: r.results_public && r.answered_count > 0 },
    };
  }
  async function requireMine(dbx: DbOrTx, p: Principal, id: number, lock = false) {
    const row = await repo.getMine(dbx, p.userId, id, lock);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    return row;
  }
  /** Answers must match the items: PARAMETER_INVALID naming `answers.<key>` with the problem. */
  function requireValid(items: Parameters<typeof checkAnswers>[0], answers: SurveyAnswerBody['answers'], partial: boolean) {
    const [issue] = checkAnswers(items, answers, { partial });
    if (issue) throw new AppError('PARAMETER_INVALID', { field: `answers.${issue.key}`, data: { problem: issue.problem } });
  }

  return {
    list: reads.list,
    async get(p: Principal, id: number): Promise<SurveyDetail> {
      const row = await reads.get(p, id);
      const record = onlyRow(await repo.surveyList.rowsOf(db, [id]));
      return {
        ...row,
        description: record.description,
        templateId: record.templateId,
        items: (await repo.getItems(db, id)) ?? [],
        audience: await getAudience(db, owner(id)),
      };
    },

    /** A new survey is a draft of the creator's organization; a template given fills empty items. */
    async insert(p: Principal, input: SurveyInsert) {
      return db.transaction(async (tx) => {
        await requireQuestionnaireCategory(tx, input.categoryId);
        await requireFreeName(tx, input.name);
        const templateItems = input.templateId ? await findPublishedItems(tx, p, input.templateId, 'templateId') : null;
        const { audience, ...fields } = input;
        const id = await repo.insertSurvey(tx, {
          ...fields,
          categoryId: input.categoryId ?? null,
          templateId: input.templateId ?? null,
          items: input.items.length || !templateItems ? input.items : templateItems,
          startAt: new Date(input.startAt),
          endAt: new Date(input.endAt),
          orgId: p.orgId,
          createdBy: p.userId,
        });
        await setAudience(tx, p, owner(id), audience);
        return { id };
      });
    },

    /**
     * Draft or unreleased: any field (not the questions once answered). Released: only a later end
     * (SURVEY_RELEASED_CHANGE_REFUSED). Ended: nothing.
     */
    async update(p: Principal, input: SurveyUpdate) {
      await db.transaction(async (tx) => {
        const [row] = await lockInScope(tx, p, [input.id]);
        const state = surveyStateAt(row.status, row.endAt);
        if (state === 'ended') throw new AppError('STATE_TRANSITION_INVALID', { field: 'id', data: { ids: [row.id] } });
        const { id: _id, audience, ...fields } = input;
        const startAt = fields.startAt ? new Date(fields.startAt) : row.startAt;
        const endAt = fields.endAt ? new Date(fields.endAt) : row.endAt;
        if (startAt >= endAt) throw new AppError('PARAMETER_INVALID', { field: 'endAt' });
        if (state === 'released') {
          const others = Object.keys(fields).filter((k) => k !== 'endAt');
          if (others.length || audience !== undefined) throw new AppError('SURVEY_RELEASED_CHANGE_REFUSED', { field: others[0] ?? 'audience' });
          if (endAt < row.endAt) throw new AppError('SURVEY_RELEASED_CHANGE_REFUSED', { field: 'endAt' });
          if (endAt.getTime() <= Date.now()) throw new AppError('TIME_BEFORE_NOW', { field: 'endAt' });
        }
        if (fields.items !== undefined && (await repo.answeredSurveyIds(tx, [row.id])).size) {
          throw new AppError('SURVEY_ANSWERED_CHANGE_REFUSED', { field: 'items' });
        }
        if (fields.name !== undefined && fields.name !== row.name) await requireFreeName(tx, fields.name, row.id);
        if (fields.categoryId !== undefined) await requireQuestionnaireCategory(tx, fields.categoryId);
        if (fields.templateId) await findPublishedItems(tx, p, fields.templateId, 'templateId');
        // A new start is a new opening: the audience is told (and reminded) again.
        const moved = startAt.getTime() !== row.startAt.getTime() ? { openNoticeAt: null, remindedAt: null } : {};
        await repo.updateSurvey(tx, row.id, { ...fields, startAt, endAt, ...moved });
        // A released survey's later end moves its reminder and its end (the old jobs find nothing to do).
        if (state === 'released' && endAt.getTime() !== row.endAt.getTime()) await clock.schedule(tx, { id: row.id, startAt, endAt });
        if (audience !== undefined) await setAudience(tx, p, owner(row.id), audience);
      });
    },

    /** Drafts and unreleased surveys go, with their answers and audience. */
    async remove(p: Principal, ids: number[]) {
      return db.transaction(async (tx) => {
        const rows = await lockInScope(tx, p, ids);
        const refused = rows.filter((r) => !SURVEY_LIFECYCLE.abilities(surveyStateAt(r.status, r.endAt)).delete).map((r) => r.id);
        if (refused.length) throw new AppError('STATE_TRANSITION_INVALID', { field: 'ids', data: { ids: refused } });
        for (const r of rows) await clearAudience(tx, owner(r.id));
        await repo.deleteSurveys(tx, ids);
        return { count: rows.length };
      });
    },

    transition,
    templatesInUse: repo.templatesInUse,

    // ---- The respondent's side ----

    async my(p: Principal, q: MySurveyQuery): Promise<Page<MySurveyRow>> {
      const { rows, total } = await repo.findMine(db, p.userId, q);
      return { records: rows.map(presentMine), total, page: q.page, size: q.size };
    },

    async sheet(p: Principal, id: number): Promise<SurveySheet> {
      const row = await requireMine(db, p, id);
      const [items, draft] = await Promise.all([repo.getItems(db, id), repo.getDraft(db, id, p.userId)]);
      return { ...presentMine(row), description: row.description, items: items ?? [], draft };
    },

    /** Keeps what was answered so far (checked without the required rule) while the survey is open. */
    async saveDraft(p: Principal, input: SurveyAnswerBody) {
      const row = await requireMine(db, p, input.id);
      if (row.state !== 'open') throw new AppError(row.state === 'answered' ? 'REPEAT_SUBMIT_ERROR' : 'SURVEY_NOT_OPEN', { field: 'id' });
      requireValid((await repo.getItems(db, input.id)) ?? [], input.answers, true);
      await repo.saveDraft(db, input.id, p.userId, input.answers);
    },

    /** Once for a one-time survey (REPEAT_SUBMIT_ERROR), while open on the server's clock (SURVEY_NOT_OPEN). */
    async submit(p: Principal, input: SurveyAnswerBody) {
      await db.transaction(async (tx) => {
        const row = await requireMine(tx, p, input.id);
        if (row.state === 'answered') throw new AppError('REPEAT_SUBMIT_ERROR', { field: 'id' });
        if (row.state !== 'open') throw new AppError('SURVEY_NOT_OPEN', { field: 'id' });
        requireValid((await repo.getItems(tx, input.id)) ?? [], input.answers, false);
        const recorded = await repo.recordResponse(tx, row, { id: p.userId, orgId: p.orgId }, input.answers);
        if (!recorded) throw new AppError('REPEAT_SUBMIT_ERROR', { field: 'id' });
      });
    },
  };
}
export type SurveysService = ReturnType<typeof createSurveysService>;
