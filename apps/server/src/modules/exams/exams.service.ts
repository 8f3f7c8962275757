import {
  EXAM_AUDIENCE,
  EXAM_LIFECYCLE,
  examStateAt,
  type ExamAbilities,
  type ExamCreate,
  type ExamDetail,
  type ExamListQuery,
  type ExamPaperInfoRow,
  type ExamPaperSearch,
  type ExamRow,
  type ExamStatus,
  type ExamUpdate,
  type MyExamQuery,
  type MyExamRow,
  type Page,
  getKnown,
} from '@hanlin/shared';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { JobFailure, type JobQueue } from '../../platform/jobs.js';
import { AppError } from '../../platform/errors.js';
import { abilitiesOf, applyTransition, deleteCommand, transitionCommand } from '../../platform/lifecycle.js';
import { homeOrgInScope, requireInScope, scopedLock } from '../../platform/scope.js';
import { categoryTreeCommands } from '../../platform/category-tree.js';
import { clearAudience, getAudience, setAudience } from '../audiences/index.js';
import { requireTemplateInScope } from '../certificates/index.js';
import * as repo from './exams.repository.js';
import { categoryTree as tree } from './exams.repository.js';
import { examCategories, exams } from './exams.schema.js';
import type { ExamPaperInfo, ExamPapers } from './exams.paper.js';
import { onlyRow } from '../../platform/db/rows.js';

/** The clock job: moves a published exam to started at its start and to ended at its end. */
export const EXAM_CLOCK_JOB = 'exams.clock';

const ABILITY_CODES: Record<keyof ExamAbilities, string> = {
  modify: 'ksgl:modify',
  delete: 'ksgl:delete',
  publish: 'ksgl:publish',
  unpublish: 'ksgl:unpublish',
  start: 'ksgl:publish',
  end: 'ksgl:publish',
};

const owner = (id: number) => ({ type: EXAM_AUDIENCE, id });
const stateOf = (r: { status: ExamStatus; startAt: Date; endAt: Date }, now = new Date()) => examStateAt(r.status, r.startAt, r.endAt, now);

/** Fields a started exam keeps as they are (only the end extends and the attempts increase). */
const FROZEN_WHEN_STARTED = [
  'name',
  'categoryId',
  'duration',
  'passPercent',
  'paperId',
  'answerMode',
  'countdownMode',
  'photoInterval',
  'markingMode',
  'antiCheat',
  'leaveLimit',
  'scoreDisplay',
  'showAnswers',
  'showRanking',
  'certificateTemplateId',
] as const;

export function createExamsService({ db, lists, jobs, paperSource }: { db: Db; lists: ListRuntime; jobs: JobQueue; paperSource: ExamPapers }) {
  /** A category with sub-categories (IN_USE_SUBCLASS) or exams (IN_USE_CLASSIFICATION) stays. */
  const categories = categoryTreeCommands({ db, table: examCategories, tree, itemsInUse: 'IN_USE_CLASSIFICATION' });

  function abilitiesFor(p: Principal, r: { status: ExamStatus; startAt: Date; endAt: Date }): ExamAbilities {
    const now = new Date();
    const state = stateOf(r, now);
    // A start already passed cannot be published (spec §8): the button is not offered either.
    return abilitiesOf(EXAM_LIFECYCLE.abilities(state), p.permissions, ABILITY_CODES, { start: false, end: false, publish: r.startAt > now });
  }

  /** What a row of the exam list shows: the list's columns, and the detail's. */
  type ListedExam = Pick<
    repo.ExamRecord,
    | 'id'
    | 'name'
    | 'categoryId'
    | 'categoryName'
    | 'status'
    | 'startAt'
    | 'endAt'
    | 'duration'
    | 'passPercent'
    | 'total'
    | 'attempts'
    | 'paperId'
    | 'orgId'
    | 'orgName'
    | 'creatorName'
    | 'createdAt'
    | 'publishedAt'
  >;

  function present(p: Principal, r: ListedExam): ExamRow {
    return {
      id: r.id,
      name: r.name,
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      status: stateOf(r),
      startAt: r.startAt.toISOString(),
      endAt: r.endAt.toISOString(),
      duration: r.duration,
      passPercent: r.passPercent,
      total: r.total,
      attempts: r.attempts,
      paperId: r.paperId,
      orgId: r.orgId,
      orgName: r.orgName,
      creatorName: r.creatorName,
      createdAt: r.createdAt.toISOString(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
      abilities: abilitiesFor(p, r),
    };
  }

  async function get(p: Principal, id: number): Promise<ExamDetail> {
    const [row] = await repo.getExams(db, [id]);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireInScope(p, row.orgPath, { field: 'id' });
    const [reviewers, audience, papers, certificateName] = await Promise.all([
      repo.getReviewers(db, id),
      getAudience(db, owner(id)),
      paperSource.describe([row.paperId]),
      repo.certificateName(db, row.certificateTemplateId),
    ]);
    const paper = papers.get(row.paperId);
    return {
      ...present(p, row),
      answerMode: row.answerMode,
      countdownMode: row.countdownMode,
      photoInterval: row.photoInterval,
      markingMode: row.markingMode,
      reviewers,
      antiCheat: row.antiCheat,
      leaveLimit: row.leaveLimit,
      scoreDisplay: row.scoreDisplay,
      showAnswers: row.showAnswers,
      showRanking: row.showRanking,
      certificateTemplateId: row.certificateTemplateId,
      certificateName,
      paper: paper ?? null,
      audience,
    };
  }

  const lockIds = scopedLock(repo.lockExams, { field: 'ids' });
  const lockId = scopedLock(repo.lockExams, { field: 'id', notFound: 'id' });
  /** Locks the exams in the caller's scope and brings their stored state up to the clock. */
  const lockInScope = async (tx: DbOrTx, p: Principal, ids: number[]) => followClock(tx, await lockIds(tx, p, ids));

  /** Applies the clock commands (start, end) the locked rows are due for; answers the rows with their new state. */
  async function followClock<R extends repo.LockedExam>(tx: DbOrTx, rows: R[]): Promise<R[]> {
    const now = new Date();
    for (const command of ['start', 'end'] as const) {
      const due = rows.filter((r) => EXAM_LIFECYCLE.can(r.status, command) && EXAM_LIFECYCLE.transitions[command].to !== r.status && stepDue(r, command, now));
      if (!due.length) continue;
      await applyTransition(tx, {
        lifecycle: EXAM_LIFECYCLE,
        command,
        rows: due,
        stateOf: (r) => r.status,
        table: exams,
        id: exams.id,
        state: exams.status,
        set: { updatedAt: now },
      });
      for (const r of due) r.status = EXAM_LIFECYCLE.transitions[command].to;
    }
    return rows;
  }
  const stepDue = (r: { startAt: Date; endAt: Date }, command: 'start' | 'end', now: Date) => (command === 'start' ? now >= r.startAt : now >= r.endAt);

  /** Schedules the clock job for the next moment the exam's state changes (with the caller's transaction). */
  async function scheduleClock(tx: DbOrTx, r: { id: number; status: ExamStatus; startAt: Date; endAt: Date }) {
    const state = stateOf(r);
    const at = state === 'published' ? r.startAt : state === 'started' ? r.endAt : null;
    if (!at) return;
    await jobs.enqueue(EXAM_CLOCK_JOB, { examId: r.id, at: at.getTime() }, { runAfter: at, dedupeKey: `${EXAM_CLOCK_JOB}:${r.id}:${at.getTime()}`, db: tx });
  }

  /** Moves the exam to its clock state and schedules the next move; answers whether it moved. */
  async function tick(examId: number) {
    return db.transaction(async (tx) => {
      const rows = await repo.lockExams(tx, [examId]);
      if (!rows.length) return false;
      const before = onlyRow(rows).status;
      const r = onlyRow(await followClock(tx, rows));
      await scheduleClock(tx, r);
      return r.status !== before;
    });
  }
  jobs.handle<{ examId: number; at?: number }>(
    EXAM_CLOCK_JOB,
    async (run) => {
      const moved = await tick(run.payload.examId);
      // Run before its moment (this node's clock behind the database's): again shortly, not never.
      if (!moved && run.payload.at && Date.now() < run.payload.at) throw new JobFailure('exam clock ran early');
    },
    { concurrency: 2, maxAttempts: 5 },
  );

  /** The paper must exist and be usable; a certificate needs an objective-only paper. Answers the paper. */
  async function checkPaper(input: Pick<ExamCreate, 'paperId' | 'certificateTemplateId'>, field = 'paperId') {
    const paper = (await paperSource.describe([input.paperId])).get(input.paperId);
    if (!paper || !paper.usable) throw new AppError('PAPER_DELETED_OR_EMPTY', { field, data: { ids: [input.paperId] } });
    if (input.certificateTemplateId != null && paper.hasSubjective) throw new AppError('EXAM_CERTIFICATE_NEEDS_OBJECTIVE', { field: 'certificateTemplateId' });
    return paper;
  }

  function valuesOf(input: ExamCreate, paper: ExamPaperInfo): repo.ExamValues {
    return {
      name: input.name,
      categoryId: input.categoryId ?? null,
      startAt: new Date(input.startAt),
      endAt: new Date(input.endAt),
      duration: input.duration,
      passPercent: input.passPercent,
      total: paper.total,
      attempts: input.attempts,
      paperId: input.paperId,
      answerMode: input.answerMode,
      countdownMode: input.countdownMode,
      photoInterval: input.photoInterval,
      markingMode: input.markingMode,
      antiCheat: input.antiCheat,
      leaveLimit: input.antiCheat ? (input.leaveLimit ?? null) : null,
      scoreDisplay: input.scoreDisplay,
      showAnswers: input.showAnswers,
      showRanking: input.showRanking,
      certificateTemplateId: input.certificateTemplateId ?? null,
    };
  }
  const reviewersOf = (input: ExamCreate) => (input.markingMode === 'reviewer' ? input.reviewerIds : []);

  function requireFuture(startAt: Date) {
    if (startAt.getTime() <= Date.now()) throw new AppError('TIME_BEFORE_NOW', { field: 'startAt' });
  }

  /** Spec §4: once published the start is fixed, the end and duration only extend, the attempts only increase. */
  function checkPublishedChange(cur: repo.LockedExam, next: repo.ExamValues) {
    const refuse = (field: string) => new AppError('EXAM_PUBLISHED_CHANGE_REFUSED', { field });
    if (next.startAt.getTime() !== cur.startAt.getTime()) throw refuse('startAt');
    if (next.endAt.getTime() < cur.endAt.getTime()) throw refuse('endAt');
    if (next.duration < cur.duration) throw refuse('duration');
    if (next.attempts < cur.attempts) throw refuse('attempts');
  }

  /** Spec §5: a running exam may only extend its end or increase its attempts. */
  async function checkStartedChange(tx: DbOrTx, cur: repo.LockedExam, next: repo.ExamValues, input: ExamUpdate) {
    const refuse = (field: string) => new AppError('EXAM_STARTED_CANNOT_UNPUBLISH', { field });
    for (const k of FROZEN_WHEN_STARTED) {
      if ((next[k] ?? null) !== (cur[k] ?? null)) throw refuse(k);
    }
    const reviewers = (await repo.getReviewers(tx, cur.id)).map((r) => r.id);
    if (!sameSet(reviewers, reviewersOf(input))) throw refuse('reviewerIds');
    const audience = (await getAudience(tx, owner(cur.id))).map((t) => `${t.type}:${t.id}`);
    if (
      !sameSet(
        audience,
        input.audience.map((t) => `${t.type}:${t.id}`),
      )
    )
      throw refuse('audience');
  }

  /** Publishing is checked again (start ahead, paper usable) and schedules the exam's clock; a started exam cannot be unpublished. */
  const transition = transitionCommand({
    db,
    lifecycle: EXAM_LIFECYCLE,
    table: exams,
    state: 'status',
    lock: lockInScope,
    on: {
      publish: {
        check: requirePublishable,
        set: (now) => ({ publishedAt: now }),
        async after(tx, rows, to) {
          for (const r of rows) await scheduleClock(tx, { ...r, status: to });
        },
      },
      unpublish: {
        async check(_tx, rows) {
          const started = rows.filter((r) => r.status === 'started' || r.status === 'ended').map((r) => r.id);
          if (started.length) throw new AppError('EXAM_STARTED_CANNOT_UNPUBLISH', { field: 'ids', data: { ids: started } });
        },
        set: () => ({ publishedAt: null }),
      },
    },
  });

  /** Publishing asks again for a start ahead, a usable paper, and an objective paper when a certificate is given. */
  async function requirePublishable(_tx: DbOrTx, rows: Awaited<ReturnType<typeof lockInScope>>) {
    const late = rows.filter((r) => r.status === 'draft' && r.startAt.getTime() <= Date.now()).map((r) => r.id);
    if (late.length) throw new AppError('EXAM_START_BEFORE_NOW', { field: 'startAt', data: { ids: late } });
    const papers = await paperSource.describe(rows.map((r) => r.paperId));
    const unusable = rows.filter((r) => !papers.get(r.paperId)?.usable).map((r) => r.id);
    if (unusable.length) throw new AppError('PAPER_DELETED_OR_EMPTY', { field: 'paperId', data: { ids: unusable } });
    const subjective = rows.filter((r) => r.certificateTemplateId != null && getKnown(papers, r.paperId, 'paper').hasSubjective).map((r) => r.id);
    if (subjective.length) throw new AppError('EXAM_CERTIFICATE_NEEDS_OBJECTIVE', { field: 'certificateTemplateId', data: { ids: subjective } });
  }

  return {
    categories,

    async list(p: Principal, q: ExamListQuery): Promise<Page<ExamRow>> {
      const page = await repo.findExams(lists, p, q);
      return { ...page, records: page.records.map((r) => present(p, r)) };
    },

    get,

    /** Papers to pick from: by ids (what they are now) or by name when the paper source can search. */
    async papers(q: ExamPaperSearch): Promise<ExamPaperInfoRow[]> {
      if (q.ids?.length) return [...(await paperSource.describe(q.ids)).values()];
      return paperSource.search(q.keyword, 20);
    },

    /** A new exam is a draft of the creator's organization; its total is its paper's. */
    async insert(p: Principal, input: ExamCreate): Promise<ExamDetail> {
      requireFuture(new Date(input.startAt));
      const paper = await checkPaper(input);
      const values = valuesOf(input, paper);
      const id = await db.transaction(async (tx) => {
        if (values.categoryId != null) await tree.mustGet(tx, values.categoryId, 'categoryId');
        await requireTemplateInScope(tx, p, values.certificateTemplateId);
        const orgId = await homeOrgInScope(tx, p);
        const newId = await repo.insertExam(tx, { ...values, orgId, createdBy: p.userId });
        await repo.setReviewers(tx, newId, reviewersOf(input));
        await setAudience(tx, p, owner(newId), input.audience);
        return newId;
      });
      return get(p, id);
    },

    /**
     * A draft changes freely (a new start must lie ahead); a published one keeps its start, extends
     * only its end and duration and increases only its attempts; a started one changes only its end
     * and attempts; an ended one not at all. Checked on the locked row.
     */
    async update(p: Principal, input: ExamUpdate): Promise<ExamDetail> {
      const paper = await checkPaper(input);
      const values = valuesOf(input, paper);
      await db.transaction(async (tx) => {
        const cur = onlyRow(await followClock(tx, await lockId(tx, p, [input.id])));
        const state = cur.status;
        if (!EXAM_LIFECYCLE.canEdit(state)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'id', data: { ids: [input.id] } });
        if (state === 'draft') {
          if (values.startAt.getTime() !== cur.startAt.getTime()) requireFuture(values.startAt);
        } else {
          checkPublishedChange(cur, values);
          if (state === 'started') await checkStartedChange(tx, cur, values, input);
        }
        if (values.categoryId != null) await tree.mustGet(tx, values.categoryId, 'categoryId');
        await requireTemplateInScope(tx, p, values.certificateTemplateId, { kept: cur.certificateTemplateId });
        await repo.updateExam(tx, input.id, values);
        await repo.setReviewers(tx, input.id, reviewersOf(input));
        if (state !== 'started') await setAudience(tx, p, owner(input.id), input.audience);
        if (state !== 'draft' && values.endAt.getTime() !== cur.endAt.getTime())
          await scheduleClock(tx, { id: input.id, status: state, startAt: values.startAt, endAt: values.endAt });
      });
      return get(p, input.id);
    },

    /** Only drafts go. */
    remove: deleteCommand({ db, lifecycle: EXAM_LIFECYCLE, lock: lockInScope, clear: (tx, id) => clearAudience(tx, owner(id)), remove: repo.deleteExams }),

    publish: (p: Principal, ids: number[]) => transition(p, ids, 'publish'),
    unpublish: (p: Principal, ids: number[]) => transition(p, ids, 'unpublish'),

    /** The clock job's work, callable directly (tests). */
    tick,

    async my(p: Principal, q: MyExamQuery): Promise<Page<MyExamRow>> {
      const now = new Date();
      const { rows, total } = await repo.findMyExams(db, p.userId, q, now);
      return {
        records: rows.map(({ count: _count, last, ...r }) => {
          const attemptsLeft = Math.max(0, r.attemptsAllowed - r.attemptsUsed);
          return {
            ...r,
            status: r.status,
            startAt: r.startAt.toISOString(),
            endAt: r.endAt.toISOString(),
            myEndAt: r.myEndAt.toISOString(),
            lastScore: last?.score ?? null,
            lastPassed: last?.passed ?? null,
            lastMarking: last?.status === 'marking',
            // The start command's rule (exam-attempt.service): open for me now, no attempt in progress, attempts left.
            abilities: { start: r.ongoingAttemptId == null && r.status === 'started' && attemptsLeft > 0, continue: r.ongoingAttemptId != null },
            attemptsLeft,
            serverNow: now.toISOString(),
            changesAt: r.status === 'published' ? r.startAt.toISOString() : r.status === 'started' ? r.myEndAt.toISOString() : null,
          };
        }),
        total,
        page: q.page,
        size: q.size,
      };
    },
  };
}
export type ExamsService = ReturnType<typeof createExamsService>;

function sameSet<T>(a: readonly T[], b: readonly T[]) {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}
