import crypto from 'node:crypto';
import {
  ATTEMPT_LIFECYCLE,
  OPTION_LETTERS,
  examStateAt,
  markAnswer,
  submitStateOf,
  type AnswerSave,
  type AnswerSaveResult,
  type AnswerValue,
  type AttemptResult,
  type AttemptSheet,
  type AttemptStatus,
  type DrawnQuestion,
  type LeaveResult,
  type QuestionKey,
  type SubmittedBy,
} from '@hanlin/shared';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { found } from '../../platform/db/rows.js';
import { definePeriodicJob, type JobQueue } from '../../platform/jobs.js';
import type { Storage } from '../../platform/storage.js';
import { AppError } from '../../platform/errors.js';
import { applyTransition } from '../../platform/lifecycle.js';
import { createBatcher } from '../../platform/batcher.js';
import { issueCertificate } from '../certificates/index.js';
import { sniffImage, storeServerFile } from '../uploads/index.js';
import * as repo from './exam-attempt.repository.js';
import { createAttemptDraws } from './exam-attempt.draws.js';
import { examAttempts } from './exam-attempt.schema.js';

/** Submits the attempts whose deadline is due (enqueued at each start, deduplicated per 5-second slot). */
export const ATTEMPT_DEADLINE_JOB = 'exams.attempt-deadline';
/** The periodic sweep (every minute): submits whatever attempt a lost deadline job left open. */
export const ATTEMPT_SWEEP_JOB = 'exams.attempt-sweep';
/** Deadline jobs share slots of this length: 5,000 starts within a minute make a dozen jobs, not 5,000. */
const DEADLINE_SLOT_MS = 5_000;
/** Attempts submitted per transaction by the deadline jobs. */
const SUBMIT_BATCH = 100;

/** Passed when the score reaches the exam's pass percentage of the total (the one rule: submission, marking, grade changes). */
export const passes = (score: number, total: number, passPercent: number) => score + 1e-9 >= (total * passPercent) / 100;

const visibleScore = (r: { scoreDisplay: string; scoresPublishedAt: Date | null }) =>
  r.scoreDisplay === 'immediate' || (r.scoreDisplay === 'published' && r.scoresPublishedAt !== null);

/**
 * The answer review (the key of a submitted attempt) is open to the examinee when the exam shows its
 * answers and none of their attempts at the exam is being answered: the next attempt of a fixed paper
 * draws the same questions (the one rule of the result page and `exam/my/review`).
 */
export const reviewOpen = (showAnswers: boolean, anyOngoing: boolean) => showAnswers && !anyOngoing;

/** What one autosave needs to validate answers without reading the attempt: its owner and each question's shape. */
interface Shape {
  questionId: number;
  type: DrawnQuestion['type'];
  options: number;
  blanks: number;
  stars: number;
}
const shapeOf = (q: DrawnQuestion): Shape => ({ questionId: q.questionId, type: q.type, options: q.options.length, blanks: q.blankCount, stars: q.stars });

/** Why an answer does not fit its question, or null when it does. */
export function answerMisfit(s: Shape, a: AnswerValue | null): string | null {
  if (a === null) return null;
  const has = (k: keyof AnswerValue) => a[k] !== undefined;
  const only = (k: keyof AnswerValue) => (['choices', 'blanks', 'text', 'stars'] as const).every((o) => o === k || !has(o));
  switch (s.type) {
    case 'single':
    case 'multiple': {
      if (!only('choices')) return 'answer';
      const letters = OPTION_LETTERS.slice(0, s.options);
      const c = a.choices ?? [];
      if (c.some((x) => !letters.includes(x)) || new Set(c).size !== c.length) return 'choices';
      if (s.type === 'single' && c.length > 1) return 'choices';
      return null;
    }
    case 'judgment': {
      if (!only('choices')) return 'answer';
      const c = a.choices ?? [];
      return c.length > 1 || c.some((x) => x !== 'T' && x !== 'F') ? 'choices' : null;
    }
    case 'fill':
      if (!only('blanks')) return 'answer';
      return (a.blanks?.length ?? 0) > s.blanks ? 'blanks' : null;
    case 'rating':
      if (!only('stars')) return 'answer';
      return (a.stars ?? 0) > s.stars ? 'stars' : null;
    default:
      return only('text') ? null : 'answer';
  }
}

export function createExamAttemptService({ db, jobs, storage }: { db: Db; jobs: JobQueue; storage: Storage }) {
  // Attempts' questions never change after the draw: autosave validates against this cache (filled
  // by the start that drew them, or read once).
  const shapes = new Map<number, { userId: number; shapes: Shape[] }>();
  function rememberShapes(attemptId: number, userId: number, questions: DrawnQuestion[]) {
    if (shapes.size >= 50_000) shapes.clear();
    const s = { userId, shapes: questions.map(shapeOf) };
    shapes.set(attemptId, s);
    return s;
  }
  async function shapesOf(attemptId: number) {
    const s = shapes.get(attemptId);
    if (s) return s;
    const row = await repo.questionsOf(db, attemptId);
    return row ? rememberShapes(attemptId, row.userId, row.questions) : null;
  }
  const draw = createAttemptDraws();
  // 5,000 examinees saving every 15 s make a few dozen statements a second instead of hundreds.
  const saveBatched = createBatcher<repo.SaveRequest, repo.SaveOutcome | null>({
    run: async (saves) => {
      const out = await repo.saveAnswersOfMany(db, saves);
      return saves.map((s) => out.get(s.attemptId) ?? null);
    },
    key: (s) => s.attemptId,
    maxInFlight: 3,
    maxBatch: 500,
  });

  /** The caller's own attempt (someone else's looks missing). */
  async function ownAttempt(p: Principal, attemptId: number) {
    const a = await repo.getAttempt(db, attemptId);
    if (!a || a.userId !== p.userId) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
    return a;
  }

  /** The refusal of a call on an attempt that is no longer ongoing. */
  const closed = (a: { submittedBy: string | null }) => new AppError(a.submittedBy === 'deadline' ? 'EXAM_TIME_OVER' : 'REPEAT_SUBMIT_ERROR', { field: 'attemptId' });

  /**
   * Marks and submits locked ongoing attempts: each answer marked by markAnswer() against the
   * attempt's key; all system-marked → `finish` with score and pass, else `submit` (marking, score
   * left to the reviewers). A pass of an exam with a certificate template issues the certificate.
   */
  async function submitLocked(tx: DbOrTx, rows: repo.LockedAttempt[], by: SubmittedBy) {
    if (!rows.length) return;
    const answers = await repo.answersOf(
      tx,
      rows.map((r) => r.id),
    );
    const byAttempt = new Map<number, (AnswerValue | null)[]>();
    for (const a of answers) {
      let list = byAttempt.get(a.attemptId);
      if (!list) byAttempt.set(a.attemptId, (list = []));
      list[a.position - 1] = a.answer;
    }
    const now = new Date();
    const marks: Parameters<typeof repo.writeMarks>[1] = [];
    const scores: Parameters<typeof repo.writeMarks>[2] = [];
    const finished: repo.LockedAttempt[] = [];
    const marking: repo.LockedAttempt[] = [];
    for (const r of rows) {
      const given = byAttempt.get(r.id) ?? [];
      let sum = 0;
      let all = true;
      r.keys.forEach((key: QuestionKey, i) => {
        const m = markAnswer(key, given[i]);
        if (m) sum += m.score;
        else all = false;
        marks.push({ attemptId: r.id, position: i + 1, autoScore: m?.score ?? null, correct: m?.correct ?? null });
      });
      const autoScore = Math.min(sum, r.total);
      const passed = all ? passes(autoScore, r.total, r.passPercent) : null;
      scores.push({ id: r.id, autoScore, score: all ? autoScore : null, passed });
      (all ? finished : marking).push(r);
      r.status = all ? 'marked' : 'marking';
      r.score = all ? autoScore : null;
      r.passed = passed;
      r.submittedBy = by;
      r.submittedAt = now;
    }
    await repo.writeMarks(tx, marks, scores);
    for (const [command, group] of [
      ['finish', finished],
      ['submit', marking],
    ] as const) {
      if (!group.length) continue;
      await applyTransition(tx, {
        lifecycle: ATTEMPT_LIFECYCLE,
        command,
        rows: group,
        stateOf: (): AttemptStatus => 'ongoing',
        table: examAttempts,
        id: examAttempts.id,
        state: examAttempts.status,
        set: { submittedAt: now, submittedBy: by },
        error: 'REPEAT_SUBMIT_ERROR',
        field: 'attemptId',
      });
    }
    for (const r of finished) if (r.passed) await certify(tx, r);
  }

  async function certify(tx: DbOrTx, r: { certificateTemplateId: number | null; userId: number; examId: number; examName: string }) {
    if (r.certificateTemplateId == null) return;
    await issueCertificate(tx, { templateId: r.certificateTemplateId, userId: r.userId, source: { kind: 'exam', id: r.examId, title: r.examName } });
  }

  /** Submits every ongoing attempt past its deadline, in batches; answers how many. */
  async function sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await db.transaction(async (tx) => {
        const due = await repo.lockDueAttempts(tx, SUBMIT_BATCH);
        await submitLocked(tx, due, 'deadline');
        return due.length;
      });
      total += n;
      if (n < SUBMIT_BATCH) return total;
    }
  }

  /** Submits one attempt at its deadline if still ongoing and due (a call that found it late). */
  async function submitIfDue(attemptId: number) {
    await db.transaction(async (tx) => {
      const [r] = await repo.lockAttempts(tx, [attemptId]);
      if (r && r.status === 'ongoing' && r.deadlineAt.getTime() <= Date.now()) await submitLocked(tx, [r], 'deadline');
    });
  }

  jobs.handle(
    ATTEMPT_DEADLINE_JOB,
    async () => {
      await sweep();
    },
    { concurrency: 1, maxAttempts: 5 },
  );
  const enqueueSweep = definePeriodicJob(jobs, ATTEMPT_SWEEP_JOB, 60_000, sweep);

  function sheetOf(
    a: repo.AttemptRecord,
    questions: DrawnQuestion[],
    answers: { position: number; answer: AnswerValue | null; flagged: boolean; seq: number }[],
  ): AttemptSheet {
    const now = new Date();
    const saved = new Map(answers.map((x) => [x.position, x]));
    return {
      attemptId: a.id,
      examId: a.examId,
      examName: a.examName,
      number: a.number,
      attemptsAllowed: a.attemptsAllowed,
      status: a.status,
      startedAt: a.startedAt.toISOString(),
      deadlineAt: a.deadlineAt.toISOString(),
      serverNow: now.toISOString(),
      remainingSeconds: Math.max(0, Math.floor((a.deadlineAt.getTime() - now.getTime()) / 1000)),
      total: a.total,
      answerMode: a.answerMode,
      countdownMode: a.countdownMode,
      photoInterval: a.photoInterval,
      antiCheat: a.antiCheat,
      leaveLimit: a.antiCheat ? a.leaveLimit : null,
      leaveCount: a.leaveCount,
      questions: questions.map((q) => ({
        ...q,
        answer: saved.get(q.position)?.answer ?? null,
        flagged: saved.get(q.position)?.flagged ?? false,
        seq: saved.get(q.position)?.seq ?? 0,
      })),
    };
  }

  async function sheet(p: Principal, attemptId: number): Promise<AttemptSheet> {
    const a = await ownAttempt(p, attemptId);
    if (a.status !== 'ongoing') throw closed(a);
    if (a.deadlineAt.getTime() <= Date.now()) {
      await submitIfDue(a.id);
      throw new AppError('EXAM_TIME_OVER', { field: 'attemptId' });
    }
    const [q, answers] = await Promise.all([repo.questionsOf(db, a.id), repo.answersOf(db, [a.id])]);
    return sheetOf(a, found(q, 'NOT_FOUND_ERROR', 'attemptId').questions, answers);
  }

  /** Deadline slots whose job this node has committed (pruned as they pass). */
  const slotsEnqueued = new Set<number>();
  function rememberSlot(slot: number) {
    if (slotsEnqueued.has(slot)) return;
    const now = Date.now();
    for (const s of slotsEnqueued) if (s < now) slotsEnqueued.delete(s);
    slotsEnqueued.add(slot);
  }

  /**
   * What one try of a start came to: the attempt started (its sheet), the caller's ongoing attempt to
   * resume, an ongoing attempt found past its deadline (`late`: submit it and try again), `taken` when a
   * parallel start of the same person inserted first (the unique indexes refused this one: try again),
   * or the caller's own refusal.
   */
  type StartOutcome = { sheet: AttemptSheet } | { resume: number } | { late: number } | { taken: true } | { refused: AppError };

  /** The checks of one start on its exam's row: a refusal, or what the caller has (ongoing attempt) or may start. */
  function startCheck(e: repo.ExamForStart | undefined, now: Date): StartOutcome | null {
    if (!e || !e.inAudience || !['published', 'started', 'ended'].includes(e.status)) return { refused: new AppError('NOT_FOUND_ERROR', { field: 'examId' }) };
    if (e.ongoing) return new Date(e.ongoing.deadlineAt).getTime() > now.getTime() ? { resume: e.ongoing.id } : { late: e.ongoing.id };
    // The caller's own window: an exam the clock has ended is still open to someone whose extension runs on.
    const stored = e.status === 'ended' ? 'started' : e.status;
    if (examStateAt(stored, e.startAt, e.myEndAt, now) !== 'started') return { refused: new AppError('EXAM_NOT_OPEN', { field: 'examId' }) };
    if (e.attemptsUsed >= e.attemptsAllowed) return { refused: new AppError('OVER_EXAM_TIMES_ERROR', { field: 'examId' }) };
    return null;
  }

  /**
   * Starts asked for together, in two statements and no transaction: one read of every (exam, person)
   * pair, then one insert per exam. Each caller gets its own outcome (a refusal is one caller's alone).
   */
  async function startMany(reqs: repo.StartRequest[]): Promise<StartOutcome[]> {
    const rows = await repo.examsForStart(db, reqs);
    const byPair = new Map(rows.map((r) => [r.pair - 1, r]));
    const now = new Date();
    const out: StartOutcome[] = [];
    const fresh: { i: number; e: repo.ExamForStart; values: repo.AttemptValues }[] = [];
    for (const [i, req] of reqs.entries()) {
      const e = byPair.get(i);
      const checked = startCheck(e, now);
      if (checked || !e) {
        out[i] = checked ?? { refused: new AppError('NOT_FOUND_ERROR', { field: 'examId' }) };
        continue;
      }
      const seed = crypto.randomUUID();
      let drawn: Awaited<ReturnType<typeof draw>>;
      try {
        drawn = await draw(db, e.paperId, e.drawVersion, seed);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        out[i] = { refused: err };
        continue;
      }
      const deadlineAt = new Date(Math.min(now.getTime() + e.duration * 60_000, e.myEndAt.getTime()));
      fresh.push({ i, e, values: { userId: req.userId, number: e.attemptsUsed + 1, seed, deadlineAt, questions: drawn.questions, keys: drawn.keys, total: drawn.total } });
    }
    // Each deadline slot's job before the attempts, so no attempt goes without one; it stays queued until
    // after these deadlines, so only the first start of a slot on this node inserts it.
    for (const slot of new Set(fresh.map((f) => Math.ceil(f.values.deadlineAt.getTime() / DEADLINE_SLOT_MS) * DEADLINE_SLOT_MS))) {
      if (slotsEnqueued.has(slot)) continue;
      await jobs.enqueue(ATTEMPT_DEADLINE_JOB, { at: slot }, { runAfter: new Date(slot), dedupeKey: `${ATTEMPT_DEADLINE_JOB}:${slot}` });
      rememberSlot(slot);
    }
    const byExam = new Map<number, typeof fresh>();
    for (const f of fresh) {
      let list = byExam.get(f.e.id);
      if (!list) byExam.set(f.e.id, (list = []));
      list.push(f);
    }
    for (const [examId, list] of byExam) {
      const inserted = await repo.insertAttempts(
        db,
        examId,
        list.map((f) => f.values),
      );
      for (const { i, e, values } of list) {
        const a = inserted.get(values.userId);
        if (!a) {
          out[i] = { taken: true };
          continue;
        }
        // The new sheet from what is in hand (no read back of what was just written).
        const record: repo.AttemptRecord = {
          ...e,
          id: a.id,
          examId,
          userId: values.userId,
          number: values.number,
          status: ATTEMPT_LIFECYCLE.initial,
          startedAt: a.startedAt,
          deadlineAt: values.deadlineAt,
          submittedAt: null,
          submittedBy: null,
          leaveCount: 0,
          total: values.total,
          score: null,
          passed: null,
          examName: e.name,
        };
        rememberShapes(a.id, values.userId, values.questions);
        out[i] = { sheet: sheetOf(record, values.questions, []) };
      }
    }
    return out;
  }
  // An exam's opening minute: thousands of starts make a few statements a second, not two each.
  // One person's starts never share a batch (the key), so the unique indexes settle them.
  const startBatched = createBatcher<repo.StartRequest, StartOutcome>({
    run: startMany,
    key: (r) => `${r.examId}:${r.userId}`,
    maxInFlight: 2,
    maxBatch: 200,
  });

  function resultOf(a: repo.AttemptRecord, attemptsLeft: number, anyOngoing: boolean): AttemptResult {
    const show = visibleScore(a);
    return {
      attemptId: a.id,
      examId: a.examId,
      examName: a.examName,
      number: a.number,
      status: a.status,
      submitState: submitStateOf(a.submittedBy),
      submittedBy: a.submittedBy ?? null,
      startedAt: a.startedAt.toISOString(),
      submittedAt: a.submittedAt?.toISOString() ?? null,
      total: a.total,
      score: show ? a.score : null,
      passed: show ? a.passed : null,
      attemptsLeft,
      reviewOpen: reviewOpen(a.showAnswers, anyOngoing),
      rankingOpen: a.showRanking && show,
    };
  }
  /**
   * Submissions asked for together, in one transaction: the attempts locked in id order (two batches
   * never wait on each other in a cycle), each marked; someone else's attempt or one already submitted
   * is that caller's refusal alone.
   */
  async function submitMany(reqs: { attemptId: number; userId: number }[]): Promise<({ result: AttemptResult } | { refused: AppError })[]> {
    const done = await db.transaction(async (tx) => {
      const locked = new Map(
        (
          await repo.lockAttempts(
            tx,
            reqs.map((x) => x.attemptId),
          )
        ).map((r) => [r.id, r]),
      );
      const now = Date.now();
      const due: repo.LockedAttempt[] = [];
      const inTime: repo.LockedAttempt[] = [];
      const out = reqs.map((x) => {
        const r = locked.get(x.attemptId);
        if (!r || r.userId !== x.userId) return new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
        if (r.status !== 'ongoing') return new AppError('REPEAT_SUBMIT_ERROR', { field: 'attemptId' });
        (r.deadlineAt.getTime() <= now ? due : inTime).push(r);
        return r;
      });
      await submitLocked(tx, inTime, 'examinee');
      await submitLocked(tx, due, 'deadline');
      return out;
    });
    return done.map((r) => {
      if (r instanceof AppError) return { refused: r };
      shapes.delete(r.id);
      // The result from the submitted row as it now stands (no read back): it was the examinee's latest
      // attempt (one sitting at a time, numbered from the count at its start), so `number` attempts are used
      // and none is ongoing.
      return { result: resultOf(r, Math.max(0, r.attemptsAllowed - r.number), false) };
    });
  }
  // The exam's last minute: thousands of submissions share a few transactions. One attempt's calls never share one (the key).
  const submitBatched = createBatcher({ run: submitMany, key: (x: { attemptId: number }) => x.attemptId, maxInFlight: 2, maxBatch: 100 });

  return {
    sweep,
    sheet,
    /** Enqueues the next minute's sweep (at start-up; each sweep enqueues the next). */
    scheduleSweep: () => enqueueSweep(),

    /**
     * Starts an attempt (or resumes the caller's ongoing one): the audience holds the caller, the
     * exam is open for them now (a personal extension moves their end and adds attempts), attempts
     * are left; the paper is drawn with a fresh seed and its key kept with the attempt; the deadline
     * is start + duration capped by the caller's end, and a job submits at it.
     */
    async start(p: Principal, examId: number): Promise<AttemptSheet> {
      let last: 'late' | 'taken' = 'late';
      for (let i = 0; i < 3; i++) {
        const r = await startBatched({ examId, userId: p.userId });
        if ('refused' in r) throw r.refused;
        if ('sheet' in r) return r.sheet;
        if ('resume' in r) return sheet(p, r.resume);
        if ('late' in r) await submitIfDue(r.late);
        last = 'late' in r ? 'late' : 'taken';
      }
      // Still taken: the attempt numbers are not what the count says (attempts deleted), as the unique index tells.
      if (last === 'taken') throw new AppError('OVER_EXAM_TIMES_ERROR', { field: 'examId' });
      throw new AppError('EXAM_TIME_OVER', { field: 'examId' });
    },

    /** Autosave: one statement shared with the saves arriving meanwhile; an older `seq` than the stored one is ignored; past the deadline the server submits. */
    async save(p: Principal, input: AnswerSave): Promise<AnswerSaveResult> {
      const s = await shapesOf(input.attemptId);
      if (!s || s.userId !== p.userId) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
      const latest = new Map<number, repo.SaveItem>();
      input.answers.forEach((x, i) => {
        const shape = s.shapes[x.position - 1];
        if (!shape) throw new AppError('PARAMETER_INVALID', { field: `answers.${i}.position` });
        const misfit = answerMisfit(shape, x.answer);
        if (misfit) throw new AppError('PARAMETER_INVALID', { field: `answers.${i}.answer.${misfit}` });
        const prev = latest.get(x.position);
        if (!prev || prev.seq < x.seq) latest.set(x.position, { position: x.position, questionId: shape.questionId, answer: x.answer, flagged: x.flagged, seq: x.seq });
      });
      const r = await saveBatched({ attemptId: input.attemptId, userId: p.userId, items: [...latest.values()] });
      if (!r) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
      if (r.status !== 'ongoing') throw closed({ submittedBy: r.submitted_by });
      if (!r.open) {
        await submitIfDue(input.attemptId);
        throw new AppError('EXAM_TIME_OVER', { field: 'attemptId' });
      }
      return { savedAt: new Date(r.now).toISOString(), remainingSeconds: Number(r.remaining), status: 'ongoing' };
    },

    /** The examinee submits: marked at once; REPEAT_SUBMIT_ERROR when already submitted. */
    async submit(p: Principal, attemptId: number): Promise<AttemptResult> {
      const r = await submitBatched({ attemptId, userId: p.userId });
      if ('refused' in r) throw r.refused;
      return r.result;
    },

    /** The page was left: counted when the exam has anti-cheat; beyond the limit the attempt is submitted (exception). */
    async leave(p: Principal, attemptId: number): Promise<LeaveResult> {
      return db.transaction(async (tx) => {
        const [r] = await repo.lockAttempts(tx, [attemptId]);
        if (!r || r.userId !== p.userId) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
        if (r.status !== 'ongoing') throw closed(r);
        if (!r.antiCheat) return { leaveCount: r.leaveCount, leaveLimit: null, submitted: false };
        const leaveCount = r.leaveCount + 1;
        await repo.setLeaveCount(tx, r.id, leaveCount);
        const over = r.leaveLimit != null && leaveCount > r.leaveLimit;
        if (over) await submitLocked(tx, [r], 'leaveLimit');
        return { leaveCount, leaveLimit: r.leaveLimit, submitted: over };
      });
    },

    /** A camera photo of the examinee: JPEG or PNG by its bytes, for the caller's ongoing attempt. */
    async photo(p: Principal, attemptId: number, data: string): Promise<null> {
      const a = await ownAttempt(p, attemptId);
      if (a.status !== 'ongoing') throw closed(a);
      const b64 = data.replace(/^data:[\w.+/-]{1,100};base64,/, '').replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw new AppError('PARAMETER_INVALID', { field: 'data' });
      const bytes = Buffer.from(b64, 'base64');
      const type = sniffImage(bytes);
      if (!type) throw new AppError('FILE_TYPE_ERROR', { field: 'data' });
      let storedKey: string | undefined;
      await db
        .transaction(async (tx) => {
          const file = await storeServerFile(tx, storage, {
            data: bytes,
            ext: type.ext,
            mime: type.mime,
            name: `exam-${a.examId}-attempt-${a.id}-${Date.now()}.${type.ext}`,
            purpose: 'exam-photo',
            userId: p.userId,
            refId: a.id,
          });
          storedKey = file.key;
          await repo.insertPhoto(tx, a.id, file.id);
        })
        .catch(async (e: unknown) => {
          // The file row rolled back with the photo: its bytes go too.
          if (storedKey) await storage.remove(storedKey).catch(() => undefined);
          throw e;
        });
      return null;
    },

    /** The caller's attempts at one exam, newest first, scores as the exam's score display allows. */
    async results(p: Principal, examId: number): Promise<AttemptResult[]> {
      const e = await repo.examForResults(db, examId, p.userId);
      const rows = await repo.attemptsOf(db, examId, p.userId);
      if (!e || (!rows.length && (!e.inAudience || e.status === 'draft'))) throw new AppError('NOT_FOUND_ERROR', { field: 'examId' });
      const left = Math.max(0, e.attemptsAllowed - rows.length);
      const anyOngoing = rows.some((a) => a.status === 'ongoing');
      return rows.map((a) => resultOf(a, left, anyOngoing));
    },
  };
}
export type ExamAttemptService = ReturnType<typeof createExamAttemptService>;

/**
 * For the marking module: once every subjective answer of a `marking` attempt has its review score,
 * sets score = Σ(review score ?? system score), passed, moves it to `marked` and issues the exam's
 * certificate on a pass. Call it in the transaction that stored the last review; answers whether it
 * completed the attempt (false while reviews are missing or when it is not marking).
 */
export async function completeMarking(tx: DbOrTx, attemptId: number): Promise<boolean> {
  const [r] = await repo.lockAttempts(tx, [attemptId]);
  if (!r || r.status !== 'marking') return false;
  const marks = await repo.marksOf(tx, attemptId);
  if (marks.some((m) => m.reviewScore == null && m.autoScore == null)) return false;
  const score = Math.min(
    r.total,
    marks.reduce((s, m) => s + (m.reviewScore ?? m.autoScore ?? 0), 0),
  );
  const passed = passes(score, r.total, r.passPercent);
  await applyTransition(tx, {
    lifecycle: ATTEMPT_LIFECYCLE,
    command: 'mark',
    rows: [r],
    stateOf: (x) => x.status,
    table: examAttempts,
    id: examAttempts.id,
    state: examAttempts.status,
    set: { score, passed },
  });
  if (passed && r.certificateTemplateId != null)
    await issueCertificate(tx, { templateId: r.certificateTemplateId, userId: r.userId, source: { kind: 'exam', id: r.examId, title: r.examName } });
  return true;
}
