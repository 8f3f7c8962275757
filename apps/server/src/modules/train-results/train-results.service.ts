import type { FastifyInstance } from 'fastify';
import {
  TRAIN_PASS_SCORE,
  TRAIN_RESULT_SHEET_LIFECYCLE as SHEET,
  hasAnyPermission,
  type Page,
  type TrainExamResult,
  type TrainMixedCompletion,
  type TrainPerformanceRow,
  type TrainResultClassQuery,
  type TrainResultClassRow,
  type TrainResultEnter,
  type TrainResultSheet,
  type TrainResultSheetState,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { pathInScope, requireInScope } from '../../platform/scope.js';
import { exams } from '../exams/index.js';
import { readsClassFromEnd } from '../train-classes/index.js';
import * as repo from './train-results.repository.js';
import { attendanceSourceOf } from './train-results.attendance.js';
import { issueClassCertificates } from './train-results.certificates.js';
import type { SatisfactionService } from './train-results.satisfaction.js';

const round1 = (v: number) => Math.round(v * 10) / 10;
const percent = (part: number, whole: number) => (whole ? round1((part * 100) / whole) : null);

interface Deps {
  app: FastifyInstance;
  db: Db;
  satisfaction: SatisfactionService;
}

/** Whether the class has begun, on the server's clock. */
export const hasStarted = (c: { startAt: Date }) => c.startAt.getTime() <= Date.now();
/** Results belong to a class that has begun: before, entering, importing or submitting them is refused. */
export function requireStarted(c: { startAt: Date }): void {
  if (!hasStarted(c)) throw new AppError('TRAIN_NOT_STARTED_NO_RESULT', { field: 'classId', data: { startAt: c.startAt.toISOString() } });
}

export function createTrainResultsService({ app, db, satisfaction }: Deps) {
  /** `started`: the class has begun (server clock); results are entered, imported and submitted only from then on. */
  const abilitiesOf = (p: Principal, state: TrainResultSheetState, started: boolean) => {
    const a = SHEET.abilities(state);
    const has = (code: string) => hasAnyPermission(p.permissions, [code]);
    return {
      modify: started && a.modify && has('pxjgsp:modify'),
      delete: false,
      import: started && a.modify && has('pxjgsp:import'),
      submit: started && a.submit && has('pxjgsp:modify'),
      approve: a.approve && has('pxjgsp:approve'),
      refuse: a.refuse && has('pxjgsp:approve'),
    };
  };

  const rowOf = (p: Principal, r: repo.ClassPageRow): TrainResultClassRow => ({
    id: r.id,
    code: r.code,
    name: r.name,
    mode: r.mode,
    classState: r.status,
    startAt: r.startAt.toISOString(),
    endAt: r.endAt.toISOString(),
    orgName: r.orgName,
    trainees: r.trainees,
    entered: r.entered,
    state: r.sheetState,
    abilities: abilitiesOf(p, r.sheetState, hasStarted(r)),
  });

  /**
   * Result approvers (`pxjgsp`) read the classes of their scope; the class teacher and the lecturers of a class
   * read its sheet from their ends, read-only (every ability false).
   */
  async function sheet(p: Principal, classId: number): Promise<TrainResultSheet> {
    const found = await repo.findClass(db, classId);
    const manages = hasAnyPermission(p.permissions, ['pxjgsp']) && !!found.orgPath && pathInScope(p, found.orgPath);
    if (!manages && !(await readsClassFromEnd(db, p, classId))) {
      if (!hasAnyPermission(p.permissions, ['pxjgsp'])) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'classId' });
      requireInScope(p, found.orgPath, { field: 'classId' });
    }
    const [s, rows] = await Promise.all([repo.sheetOf(db, classId), repo.sheetRows(db, classId)]);
    const state = s?.status ?? 'draft';
    const row = rowOf(p, { ...found, sheetState: state, trainees: rows.length, entered: rows.filter((r) => r.score !== null).length });
    return {
      ...row,
      abilities: manages ? row.abilities : { modify: false, delete: false, import: false, submit: false, approve: false, refuse: false },
      refuseReason: s?.refuseReason ?? '',
      decidedAt: s?.decidedAt?.toISOString() ?? null,
      resultsOpenAt: found.status !== 'cancelled' && SHEET.canEdit(state) && !hasStarted(found) ? found.startAt.toISOString() : null,
      rows: rows.map((r) => ({
        ...r,
        score: r.score === null ? null : Number(r.score),
        comment: r.comment ?? '',
        enteredAt: r.enteredAt?.toISOString() ?? null,
      })),
    };
  }

  /** Results of admitted trainees only, written while the sheet is a draft or refused (all or none). */
  async function writeResults(tx: DbOrTx, p: Principal, classId: number, results: TrainResultEnter['results']) {
    const s = await repo.lockSheet(tx, classId);
    if (!SHEET.canEdit(s.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
    const cls = await repo.findClass(tx, classId);
    // A cancelled class has no results; a class that has not begun has none yet.
    if (cls.status === 'cancelled') throw new AppError('STATE_TRANSITION_INVALID', { field: 'classId' });
    requireStarted(cls);
    const admitted = new Set((await repo.admittedTrainees(tx, classId)).map((r) => r.userId));
    const outside = [...new Set(results.map((r) => r.userId))].filter((id) => !admitted.has(id));
    if (outside.length) throw new AppError('PARAMETER_INVALID', { field: 'results', data: { notAdmitted: outside } });
    const byUser = new Map(results.map((r) => [r.userId, r]));
    if (byUser.size !== results.length) throw new AppError('PARAMETER_INVALID', { field: 'results' });
    const now = new Date();
    await repo.upsertResults(
      tx,
      classId,
      [...byUser.values()].map((r) => ({
        classId,
        userId: r.userId,
        score: r.score,
        passed: r.passed ?? r.score >= TRAIN_PASS_SCORE,
        comment: r.comment,
        enteredBy: p.userId,
        enteredAt: now,
      })),
      now,
    );
  }

  /** One command of the sheet on its locked row, guarded by the lifecycle. */
  async function transition(p: Principal, classId: number, command: 'submit' | 'approve' | 'refuse', reason = '') {
    const cls = await repo.findClass(db, classId, p);
    if (command === 'submit') requireStarted(cls);
    await db.transaction(async (tx) => {
      const s = await repo.lockSheet(tx, classId);
      if (!SHEET.can(s.status, command)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
      const now = new Date();
      if (command === 'submit') {
        // A complete sheet: every admitted trainee has a result.
        const rows = await repo.sheetRows(tx, classId);
        const missing = rows.filter((r) => r.score === null).length;
        if (!rows.length || missing) throw new AppError('PARAMETER_INVALID', { field: 'results', data: { missing } });
      }
      const to = SHEET.transitions[command].to;
      await repo.updateSheet(
        tx,
        classId,
        s.status,
        command === 'submit'
          ? { status: to, submittedAt: now, submittedBy: p.userId, refuseReason: '', updatedAt: now }
          : { status: to, decidedAt: now, decidedBy: p.userId, refuseReason: reason, updatedAt: now },
      );
      // The approved results are final: those who complete the class now get its certificate, in this transaction.
      if (command === 'approve') await issueClassCertificates(tx, classId);
    });
    return sheet(p, classId);
  }

  async function examResults(p: Principal, classId: number): Promise<TrainExamResult> {
    await repo.findClass(db, classId, p);
    const linked = await repo.linkedExams(db, classId);
    const trainees = await repo.admittedTrainees(db, classId);
    const ids = linked.map((e) => e.id);
    const userIds = trainees.map((t) => t.userId);
    const bests = await repo.bestExamScores(db, ids, userIds);
    const best = new Map(bests.map((b) => [`${b.examId}:${b.userId}`, b.best]));
    return {
      exams: linked,
      rows: trainees.map((t) => ({ ...t, best: ids.map((e) => best.get(`${e}:${t.userId}`) ?? null) })),
    };
  }

  return {
    classes: async (p: Principal, q: TrainResultClassQuery): Promise<Page<TrainResultClassRow>> => {
      const page = await repo.classPage(db, p, q);
      return { ...page, records: page.records.map((r) => rowOf(p, r)) };
    },
    sheet,

    async enter(p: Principal, input: TrainResultEnter) {
      await repo.findClass(db, input.classId, p);
      await db.transaction((tx) => writeResults(tx, p, input.classId, input.results));
      return sheet(p, input.classId);
    },
    writeResults,
    submit: (p: Principal, classId: number) => transition(p, classId, 'submit'),
    approve: (p: Principal, classId: number) => transition(p, classId, 'approve'),
    refuse: (p: Principal, classId: number, reason: string) => transition(p, classId, 'refuse', reason),

    examResults,
    examChoices: (p: Principal, keyword?: string) => repo.choicesIn(db, p, exams, keyword),
    /** Replaces the exams linked to the class; each exam lies in the caller's data scope. */
    async linkExams(p: Principal, classId: number, examIds: number[]) {
      await repo.findClass(db, classId, p);
      const ids = [...new Set(examIds)];
      await db.transaction(async (tx) => {
        const found = await repo.examsWithOrgPath(tx, ids);
        if (found.length !== ids.length) throw new AppError('NOT_FOUND_ERROR', { field: 'examIds' });
        for (const e of found) requireInScope(p, e.orgPath, { field: 'examIds' });
        await repo.replaceClassExams(tx, classId, ids);
      });
      return examResults(p, classId);
    },

    /**
     * A trainee of a mixed class completes when every online course is passed and the in-person result passed on the
     * approved results sheet; one who meets both before the approval awaits it.
     */
    async mixed(p: Principal, classId: number): Promise<TrainMixedCompletion> {
      await repo.findClass(db, classId, p);
      const sheetState = (await repo.sheetOf(db, classId))?.status ?? null;
      const rows = await repo.sheetRows(db, classId);
      const { courses, passedBy } = await repo.onlineCoursesPassed(
        db,
        classId,
        rows.map((r) => r.userId),
      );
      return {
        courses,
        sheetState,
        rows: rows.map((r) => {
          const coursesCompleted = passedBy.get(r.userId) ?? 0;
          const met = coursesCompleted === courses && r.passed === true;
          return {
            userId: r.userId,
            realname: r.realname,
            username: r.username,
            orgName: r.orgName,
            coursesCompleted,
            passed: r.passed,
            completed: met && sheetState === 'approved',
            awaitingApproval: met && sheetState !== 'approved',
          };
        }),
      };
    },

    /** Per class: trainees, attendance rate (when a source is registered), pass rate, average score, satisfaction. */
    async performance(p: Principal, q: TrainResultClassQuery): Promise<Page<TrainPerformanceRow>> {
      const page = await repo.classPage(db, p, q);
      const ids = page.records.map((r) => r.id);
      const results = await repo.resultsOf(db, ids);
      const source = attendanceSourceOf(app);
      const records = await Promise.all(
        page.records.map(async (c) => {
          const mine = results.filter((r) => r.classId === c.id);
          let attendanceRate: number | null = null;
          if (source) {
            const att = await source(db, c.id);
            const stages = att.reduce((s, a) => s + a.stages, 0);
            attendanceRate = percent(
              att.reduce((s, a) => s + a.attended, 0),
              stages,
            );
          }
          return {
            id: c.id,
            name: c.name,
            startAt: c.startAt.toISOString(),
            orgName: c.orgName,
            trainees: c.trainees,
            attendanceRate,
            passRate: percent(mine.filter((r) => r.passed).length, mine.length),
            averageScore: mine.length ? round1(mine.reduce((s, r) => s + Number(r.score), 0) / mine.length) : null,
            satisfaction: await satisfaction.classScore(c.id),
          };
        }),
      );
      return { ...page, records };
    },
  };
}
export type TrainResultsService = ReturnType<typeof createTrainResultsService>;
