import crypto from 'node:crypto';
import {
  type ExamPaperInfoRow,
  type ExamPaperSearch,
  EXERCISE_AUDIENCE,
  EXERCISE_LIFECYCLE,
  OBJECTIVE_TYPES,
  PRACTICE_SESSION_LIFECYCLE,
  isAnswered,
  markAnswer,
  type AnswerValue,
  type DrawnQuestion,
  type ExerciseAbilities,
  type ExerciseCreate,
  type ExerciseDetail,
  type ExerciseListQuery,
  type ExerciseRow,
  type ExerciseUpdate,
  type MistakeAnswerResult,
  type MistakeListQuery,
  type MistakeRow,
  type MyExerciseQuery,
  type MyExerciseRow,
  type Page,
  type PracticeAnswer,
  type PracticeAnswerResult,
  type PracticeFeedback,
  type PracticeKey,
  type PracticeSession,
  type PracticeSummary,
  type QuestionKey,
} from '@hanlin/shared';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { AppError } from '../../platform/errors.js';
import { abilitiesOf, applyTransition, deleteCommand, lockEditable, transitionCommand } from '../../platform/lifecycle.js';
import { homeOrgInScope, requireInScope, scopedLock } from '../../platform/scope.js';
import { clearAudience, getAudience, setAudience } from '../audiences/index.js';
import { describePapers, drawPaper, searchPapers } from '../papers/index.js';
import { countBankQuestions, questionCategoryForest, questionKeysFor, sampleBankQuestions } from '../questions/index.js';
import * as repo from './practice.repository.js';
import { exercises, practiceSessions } from './practice.schema.js';

const ABILITY_CODES: Record<keyof ExerciseAbilities, string> = {
  modify: 'lxgl:modify',
  delete: 'lxgl:delete',
  publish: 'lxgl:publish',
  unpublish: 'lxgl:unpublish',
};
const owner = (id: number) => ({ type: EXERCISE_AUDIENCE, id });
const secondsLeft = (deadline: Date, now = Date.now()) => Math.max(0, Math.floor((deadline.getTime() - now) / 1000));
/** A bank exercise with auto-marking draws only the types the system marks. */
const bankTypes = (autoMarking: boolean) => (autoMarking ? OBJECTIVE_TYPES : undefined);

export const keyView = (k: QuestionKey): PracticeKey => ({ answers: k.answers, blanks: k.blanks, answerText: k.answerText, analysis: k.analysis });

/** Immediate feedback for one answer: marked by the system where it can, the key in every case. */
export function feedbackOf(key: QuestionKey, answer: AnswerValue | null): PracticeFeedback {
  const mark = markAnswer(key, answer);
  return { correct: mark?.correct ?? null, score: mark?.score ?? null, key: keyView(key) };
}

function summaryOf(questions: DrawnQuestion[], answers: { correct: boolean | null; score: number | null }[], total: number): PracticeSummary {
  return {
    questions: questions.length,
    answered: answers.length,
    correct: answers.filter((a) => a.correct === true).length,
    wrong: answers.filter((a) => a.correct === false).length,
    unmarked: answers.filter((a) => a.correct === null).length,
    score: answers.reduce((s, a) => s + (a.score ?? 0), 0),
    total,
  };
}

export function createPracticeService({ db, lists }: { db: Db; lists: ListRuntime }) {
  function present(principal: Principal, { orgPath: _p, ...r }: repo.ExerciseListRow): ExerciseRow {
    const status = r.status;
    return {
      ...r,
      sourceKind: r.sourceKind,
      status,
      createdAt: r.createdAt.toISOString(),
      publishedAt: r.publishedAt?.toISOString() ?? null,
      abilities: abilitiesOf(EXERCISE_LIFECYCLE.abilities(status), principal.permissions, ABILITY_CODES),
    };
  }

  async function get(principal: Principal, id: number): Promise<ExerciseDetail> {
    const row = await repo.getExerciseRow(db, id);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireInScope(principal, row.orgPath, { field: 'id' });
    return { ...present(principal, row), audience: await getAudience(db, owner(id)) };
  }

  const lockInScope = scopedLock(repo.lockExercises, { field: 'ids' });

  /** The source as saved: a paper that exists, or a bank (classification) that exists. */
  function sourceValues(input: ExerciseCreate) {
    return input.sourceKind === 'paper'
      ? { sourceKind: 'paper' as const, paperId: input.paperId, categoryId: null, questionCount: null }
      : { sourceKind: 'bank' as const, paperId: null, categoryId: input.categoryId, questionCount: input.questionCount };
  }
  async function requireSource(tx: DbOrTx, input: ExerciseCreate) {
    if (input.sourceKind === 'paper') {
      const info = input.paperId === null ? undefined : (await describePapers(tx, [input.paperId])).get(input.paperId);
      if (!info) throw new AppError('NOT_FOUND_ERROR', { field: 'paperId' });
      if (!info.usable) throw new AppError('PAPER_DELETED_OR_EMPTY', { field: 'paperId' });
    }
  }

  /**
   * Checked on the locked rows when publishing: the paper still usable (PAPER_DELETED_OR_EMPTY) and
   * free of subjective questions when the exercise is marked by the system only
   * (EXERCISE_SUBJECTIVE_CANNOT_PUBLISH); a bank must still hold questions to draw.
   */
  async function requirePublishable(tx: DbOrTx, rows: Awaited<ReturnType<typeof repo.lockExercises>>) {
    const infos = await describePapers(
      tx,
      rows.flatMap((r) => (r.paperId ? [r.paperId] : [])),
    );
    for (const r of rows) {
      if (r.sourceKind === 'paper') {
        const info = r.paperId === null ? undefined : infos.get(r.paperId);
        if (!info?.usable) throw new AppError('PAPER_DELETED_OR_EMPTY', { field: 'paperId', data: { ids: [r.id] } });
        if (r.autoMarking && info.hasSubjective) throw new AppError('EXERCISE_SUBJECTIVE_CANNOT_PUBLISH', { field: 'autoMarking', data: { ids: [r.id] } });
      } else if (r.categoryId === null || (await countBankQuestions(tx, r.categoryId, bankTypes(r.autoMarking))) === 0) {
        throw new AppError('PAPER_DELETED_OR_EMPTY', { field: 'categoryId', data: { ids: [r.id] } });
      }
    }
  }

  /** Publishing is checked again and stamps `publishedAt`. */
  const transition = transitionCommand({
    db,
    lifecycle: EXERCISE_LIFECYCLE,
    table: exercises,
    state: 'status',
    lock: lockInScope,
    on: { publish: { check: requirePublishable, set: (now) => ({ publishedAt: now }) } },
  });

  // ---- Sessions ----

  /** The caller's own session (NOT_FOUND_ERROR for anyone else's). */
  async function ownSession(tx: DbOrTx, principal: Principal, id: number, lock = false) {
    const s = await repo.getSession(tx, id, lock);
    if (!s || s.userId !== principal.userId) throw new AppError('NOT_FOUND_ERROR', { field: 'sessionId' });
    return s;
  }

  async function sessionView(tx: DbOrTx, s: repo.SessionRow): Promise<PracticeSession> {
    const answers = await repo.answersOf(tx, s.id);
    const byPos = new Map(answers.map((a) => [a.position, a]));
    const now = Date.now();
    const remaining = s.status === 'finished' ? 0 : secondsLeft(s.deadlineAt, now);
    return {
      sessionId: s.id,
      exerciseId: s.exerciseId,
      exerciseName: s.exerciseName,
      number: s.number,
      times: s.times,
      startedAt: s.startedAt.toISOString(),
      deadlineAt: s.deadlineAt.toISOString(),
      serverNow: new Date(now).toISOString(),
      remainingSeconds: remaining,
      finished: remaining === 0,
      questions: s.questions.map((q, i) => {
        const a = byPos.get(q.position);
        return { ...q, answer: a?.answer ?? null, feedback: a ? { correct: a.correct, score: a.score, key: keyView(s.keys[i]) } : null };
      }),
      summary: summaryOf(s.questions, answers, s.total),
    };
  }

  /** The questions of a new session with their keys: the paper's draw, or a sample of the bank. */
  async function drawSession(tx: DbOrTx, e: NonNullable<Awaited<ReturnType<typeof repo.openExerciseFor>>>) {
    let ids: number[];
    let scores = new Map<number, number>();
    if (e.source_kind === 'paper') {
      // A paper exercise names its paper (CHECK exercises_source_check).
      if (e.paper_id === null) throw new AppError('PAPER_DELETED_OR_EMPTY', { field: 'exerciseId' });
      const drawn = await drawPaper(tx, e.paper_id, crypto.randomUUID());
      ids = drawn.questions.map((q) => q.questionId);
      scores = new Map(drawn.questions.map((q) => [q.questionId, q.score]));
    } else {
      ids = e.category_id === null || e.question_count === null ? [] : await sampleBankQuestions(tx, e.category_id, e.question_count, bankTypes(e.auto_marking));
      if (!ids.length) throw new AppError('PAPER_DELETED_OR_EMPTY', { field: 'exerciseId' });
    }
    const found = await questionKeysFor(tx, ids, scores);
    const picked = ids.flatMap((id) => {
      const question = found.get(id);
      return question ? [question] : [];
    });
    return {
      questions: picked.map((q, i) => ({ ...q.face, position: i + 1 })),
      keys: picked.map((q) => q.key),
      total: picked.reduce((s, q) => s + q.key.score, 0),
    };
  }

  // ---- Mistakes ----

  /** Takes the caller's newly marked exam attempts into the mistake set (each attempt once). */
  async function syncExamMistakes(userId: number) {
    await db.transaction(async (tx) => {
      const wrong = await repo.claimMarkedAttempts(tx, userId);
      const merged = new Map<string, repo.MistakeInput>();
      for (const w of wrong) {
        const { position: _p, ...question } = w.question;
        const k = `${w.exam_id}:${w.question_id}`;
        const at = new Date(w.at);
        const prev = merged.get(k);
        if (prev) {
          prev.times += 1;
          if (at > prev.at) Object.assign(prev, { at, question, key: w.key, lastAnswer: w.answer });
        } else {
          merged.set(k, { userId, sourceKind: 'exam', sourceId: w.exam_id, questionId: w.question_id, question, key: w.key, lastAnswer: w.answer, times: 1, at });
        }
      }
      await repo.recordMistakes(tx, [...merged.values()]);
    });
  }

  return {
    async list(principal: Principal, q: ExerciseListQuery): Promise<Page<ExerciseRow>> {
      const page = await repo.findExercises(lists, principal, q);
      return { ...page, records: page.records.map((r) => present(principal, r)) };
    },

    get,
    papers: (q: ExamPaperSearch): Promise<ExamPaperInfoRow[]> => (q.ids?.length ? describePapers(db, q.ids).then((m) => [...m.values()]) : searchPapers(db, q.keyword, 20)),
    banks: () => questionCategoryForest(db),

    async insert(principal: Principal, input: ExerciseCreate): Promise<ExerciseDetail> {
      const id = await db.transaction(async (tx) => {
        await requireSource(tx, input);
        const orgId = await homeOrgInScope(tx, principal);
        const newId = await repo.insertExercise(tx, {
          name: input.name,
          ...sourceValues(input),
          times: input.times,
          timeLimit: input.timeLimit,
          autoMarking: input.autoMarking,
          orgId,
          createdBy: principal.userId,
        });
        await setAudience(tx, principal, owner(newId), input.audience);
        return newId;
      });
      return get(principal, id);
    },

    /** Only a draft or unpublished exercise changes. */
    async update(principal: Principal, input: ExerciseUpdate): Promise<ExerciseDetail> {
      await db.transaction(async (tx) => {
        await lockEditable(tx, principal, input.id, lockInScope, EXERCISE_LIFECYCLE);
        await requireSource(tx, input);
        await repo.updateExercise(tx, input.id, { name: input.name, ...sourceValues(input), times: input.times, timeLimit: input.timeLimit, autoMarking: input.autoMarking });
        await setAudience(tx, principal, owner(input.id), input.audience);
      });
      return get(principal, input.id);
    },

    /** Only drafts are deleted (a published exercise has sessions and mistakes pointing at it). */
    remove: deleteCommand({ db, lifecycle: EXERCISE_LIFECYCLE, lock: lockInScope, clear: (tx, id) => clearAudience(tx, owner(id)), remove: repo.deleteExercises }),

    publish: (principal: Principal, ids: number[]) => transition(principal, ids, 'publish'),
    unpublish: (principal: Principal, ids: number[]) => transition(principal, ids, 'unpublish'),

    async my(principal: Principal, q: MyExerciseQuery): Promise<Page<MyExerciseRow>> {
      const { rows, total } = await repo.findMyExercises(db, principal.userId, q);
      return { records: rows, total, page: q.page, size: q.size };
    },

    /**
     * Starts a session, or answers the running one. Sessions count against the exercise's times
     * (PRACTICE_TIMES_USED_UP); a session whose time ran out is finished first. Two clicks at once:
     * one inserts, the other finds it and resumes it.
     */
    async start(principal: Principal, exerciseId: number): Promise<PracticeSession> {
      return db.transaction(async (tx) => {
        const e = await repo.openExerciseFor(tx, exerciseId, principal.userId);
        if (!e) throw new AppError('NOT_FOUND_ERROR', { field: 'exerciseId' });
        const counts = await repo.sessionCounts(tx, e.id, principal.userId);
        let used = counts.used;
        const ongoing = counts.ongoing;
        if (ongoing) {
          const s = await repo.getSession(tx, ongoing, true);
          if (s && s.status === 'ongoing' && s.deadlineAt.getTime() > Date.now()) return sessionView(tx, s);
          if (s) await finishLocked(tx, s);
          ({ used } = await repo.sessionCounts(tx, e.id, principal.userId));
        }
        if (used >= e.times) throw new AppError('PRACTICE_TIMES_USED_UP', { field: 'exerciseId' });
        const drawn = await drawSession(tx, e);
        const id = await repo.insertSession(tx, {
          exerciseId: e.id,
          userId: principal.userId,
          number: used + 1,
          deadlineAt: new Date(Date.now() + e.time_limit * 60_000),
          ...drawn,
        });
        if (id == null) {
          // A concurrent start took this number: resume what it started.
          const again = await repo.sessionCounts(tx, e.id, principal.userId);
          const s = again.ongoing ? await repo.getSession(tx, again.ongoing) : null;
          if (!s) throw new AppError('PRACTICE_TIMES_USED_UP', { field: 'exerciseId' });
          return sessionView(tx, s);
        }
        const created = await repo.getSession(tx, id);
        if (!created) throw new Error('the session just started is missing');
        return sessionView(tx, created);
      });
    },

    async session(principal: Principal, id: number): Promise<PracticeSession> {
      return sessionView(db, await ownSession(db, principal, id));
    },

    /**
     * Marks one answer at once and shows the key. The server's clock decides: past the deadline
     * EXAM_TIME_OVER; a question already answered REPEAT_SUBMIT_ERROR (its key was shown). A wrong
     * answer goes to the mistake set in the same transaction.
     */
    async answer(principal: Principal, input: PracticeAnswer): Promise<PracticeAnswerResult> {
      return db.transaction(async (tx) => {
        // Locked: an answer and the session's finish never cross.
        const s = await ownSession(tx, principal, input.sessionId, true);
        if (s.status !== 'ongoing' || s.deadlineAt.getTime() <= Date.now()) throw new AppError('EXAM_TIME_OVER', { field: 'sessionId' });
        const i = s.questions.findIndex((q) => q.position === input.position);
        const q = s.questions[i];
        const key = s.keys[i];
        if (!q) throw new AppError('NOT_FOUND_ERROR', { field: 'position' });
        if (!isAnswered(input.answer)) throw new AppError('PARAMETER_INVALID', { field: 'answer' });
        if (!key) throw new Error(`session ${s.id}: question ${q.position} has no key`);
        const feedback = feedbackOf(key, input.answer);
        const written = await repo.insertAnswer(tx, {
          sessionId: s.id,
          position: q.position,
          questionId: q.questionId,
          answer: input.answer,
          correct: feedback.correct,
          score: feedback.score,
        });
        if (!written) throw new AppError('REPEAT_SUBMIT_ERROR', { field: 'position' });
        if (feedback.correct === false) {
          const { position: _p, ...question } = q;
          await repo.recordMistakes(tx, [
            {
              userId: principal.userId,
              sourceKind: 'practice',
              sourceId: s.exerciseId,
              questionId: q.questionId,
              question,
              key,
              lastAnswer: input.answer,
              times: 1,
              at: new Date(),
            },
          ]);
        }
        const answers = await repo.answersOf(tx, s.id);
        return { position: q.position, feedback, remainingSeconds: secondsLeft(s.deadlineAt), summary: summaryOf(s.questions, answers, s.total) };
      });
    },

    /** Ends the session and answers its summary; an ended one answers the same again. */
    async finish(principal: Principal, id: number): Promise<PracticeSession> {
      return db.transaction(async (tx) => {
        const s = await ownSession(tx, principal, id, true);
        if (s.status === 'ongoing') await finishLocked(tx, s);
        return sessionView(tx, { ...s, status: 'finished' });
      });
    },

    // ---- Mistake set ----

    async mistakes(principal: Principal, q: MistakeListQuery): Promise<Page<MistakeRow>> {
      await syncExamMistakes(principal.userId);
      const { rows, total } = await repo.findMistakes(db, principal.userId, q);
      const shown = await repo.examsWithKeyShown(db, principal.userId, [...new Set(rows.filter((r) => r.sourceKind === 'exam').map((r) => r.sourceId))]);
      return {
        records: rows.map((r) => ({
          id: r.id,
          sourceKind: r.sourceKind,
          sourceId: r.sourceId,
          sourceName: r.sourceName,
          question: r.question,
          lastAnswer: r.lastAnswer,
          times: r.times,
          lastWrongAt: new Date(r.lastWrongAt).toISOString(),
          key: r.sourceKind === 'practice' || shown.has(r.sourceId) ? keyView(r.key) : null,
        })),
        total,
        page: q.page,
        size: q.size,
      };
    },

    async mistakeSources(principal: Principal) {
      await syncExamMistakes(principal.userId);
      return repo.mistakeSources(db, principal.userId);
    },

    /**
     * Re-practice: the answer is marked against the key kept with the entry. Right, the entry leaves
     * the set by itself; the key is shown as the list shows it (hidden for an exam still hiding it).
     */
    async answerMistake(principal: Principal, id: number, answer: AnswerValue): Promise<MistakeAnswerResult> {
      const m = await repo.getMistake(db, id, principal.userId);
      if (!m) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      const mark = markAnswer(m.key, answer);
      const removed = mark?.correct === true ? (await repo.removeMistakes(db, [m.id], principal.userId)) > 0 : false;
      const keyShown = m.sourceKind === 'practice' || (await repo.examsWithKeyShown(db, principal.userId, [m.sourceId])).has(m.sourceId);
      return { correct: mark?.correct ?? null, key: keyShown ? keyView(m.key) : null, removed };
    },

    async removeMistakes(principal: Principal, ids: number[]) {
      return { count: await repo.removeMistakes(db, ids, principal.userId) };
    },
  };

  async function finishLocked(tx: DbOrTx, s: repo.SessionRow) {
    await applyTransition(tx, {
      lifecycle: PRACTICE_SESSION_LIFECYCLE,
      command: 'finish',
      rows: [s],
      stateOf: (r) => r.status,
      table: practiceSessions,
      id: practiceSessions.id,
      state: practiceSessions.status,
      set: { finishedAt: new Date() },
      field: 'sessionId',
    });
  }
}
export type PracticeService = ReturnType<typeof createPracticeService>;
