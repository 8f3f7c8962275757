import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { markAnswer, type AnswerValue, type AttemptStatus, type DrawnQuestion, type QuestionKey, type QuestionType, type SubmittedBy } from '@hanlin/shared';
import type { Db, DbOrTx } from '../platform/db/client.js';
import { audienceTargets } from '../modules/audiences/index.js';
import { exams, examAttempts, examAttemptAnswers, examPhotos, examReviewers } from '../modules/exams/index.js';
import { files } from '../modules/uploads/index.js';

/**
 * Exams, attempts, answers and photos written straight into their tables, in the states a test needs
 * (attempts are otherwise created by the exam-taking API): ongoing, marking with subjective answers, marked.
 */

export interface TestExam {
  name?: string;
  orgId: number;
  /** Minutes from now (negative: in the past). */
  startIn?: number;
  endIn?: number;
  status?: 'draft' | 'published' | 'started' | 'ended';
  total?: number;
  passPercent?: number;
  attempts?: number;
  scoreDisplay?: 'immediate' | 'published' | 'hidden';
  showAnswers?: boolean;
  showRanking?: boolean;
  reviewerIds?: number[];
  /** Audience: organizations (with their subtrees) and named users. */
  orgIds?: number[];
  userIds?: number[];
}

let n = 0;
const minutes = (m: number) => new Date(Date.now() + m * 60_000);

export async function insertExam(db: Db, e: TestExam) {
  const [row] = await db
    .insert(exams)
    .values({
      name: e.name ?? `Graded exam ${++n}-${crypto.randomBytes(3).toString('hex')}`,
      status: e.status ?? 'started',
      startAt: minutes(e.startIn ?? -60),
      endAt: minutes(e.endIn ?? 60),
      duration: 60,
      passPercent: e.passPercent ?? 60,
      total: e.total ?? 10,
      attempts: e.attempts ?? 3,
      paperId: 1,
      markingMode: e.reviewerIds?.length ? 'reviewer' : 'auto',
      scoreDisplay: e.scoreDisplay ?? 'published',
      showAnswers: e.showAnswers ?? false,
      showRanking: e.showRanking ?? false,
      orgId: e.orgId,
    })
    .returning();
  for (const userId of e.reviewerIds ?? []) await db.insert(examReviewers).values({ examId: row!.id, userId });
  const targets = [...(e.orgIds ?? []).map((id) => ({ targetType: 'org', targetId: id })), ...(e.userIds ?? []).map((id) => ({ targetType: 'user', targetId: id }))];
  for (const t of targets) await db.insert(audienceTargets).values({ ownerType: 'exam', ownerId: row!.id, ...t });
  return row!;
}

/** One question of a test paper: its type, score and key. */
export interface TestQuestion {
  type: QuestionType;
  score: number;
  /** Choice letters / 'T' 'F'. */
  answers?: string[];
  blanks?: string[][];
  keywords?: string;
  autoScore?: boolean;
  options?: number;
  questionId?: number;
  stem?: string;
}

const LETTERS = 'ABCDEFGH'.split('');
let questionIds = 1000;

/** The drawn faces and keys of a paper made of these questions. */
export function snapshot(questions: TestQuestion[]): { questions: DrawnQuestion[]; keys: QuestionKey[] } {
  return {
    questions: questions.map((q, i) => ({
      questionId: q.questionId ?? ++questionIds,
      position: i + 1,
      type: q.type,
      stem: q.stem ?? `Question ${i + 1}`,
      options: q.type === 'single' || q.type === 'multiple' ? LETTERS.slice(0, q.options ?? 4).map((l) => ({ content: `Option ${l}` })) : [],
      blankCount: q.blanks?.length ?? 0,
      stars: q.type === 'rating' ? 5 : 0,
      score: q.score,
    })),
    keys: questions.map((q) => ({
      type: q.type,
      score: q.score,
      answers: q.answers ?? [],
      blanks: q.blanks ?? [],
      keywords: q.keywords ?? '',
      autoScore: q.autoScore ?? false,
      answerText: q.type === 'short' ? 'The reference answer' : '',
      analysis: `Analysis ${q.stem ?? ''}`.trim(),
    })),
  };
}

export interface TestAttempt {
  examId: number;
  userId: number;
  /** ongoing: nothing marked; marking: objective answers marked by the system, subjective ones waiting;
   * marked: subjective ones marked with `reviews` (by position; default full marks). */
  status: AttemptStatus;
  questions: TestQuestion[];
  answers: (AnswerValue | null)[];
  reviews?: Record<number, number>;
  number?: number;
  submittedBy?: SubmittedBy;
  /** Minutes ago the attempt was submitted (default 10). */
  submittedAgo?: number;
  /** Minutes from now to the attempt's deadline (default 40). */
  deadlineIn?: number;
  leaveCount?: number;
  passPercent?: number;
}

/** Inserts an attempt and its answer rows in the asked state; answers the attempt id and its score. */
export async function insertAttempt(db: DbOrTx, a: TestAttempt) {
  const snap = snapshot(a.questions);
  const total = a.questions.reduce((s, q) => s + q.score, 0);
  const finished = a.status !== 'ongoing';
  const marks = snap.keys.map((k, i) => (finished ? markAnswer(k, a.answers[i]) : null));
  const reviews = snap.keys.map((k, i) => (a.status === 'marked' && !marks[i] ? (a.reviews?.[i + 1] ?? k.score) : null));
  const autoScore = finished ? marks.reduce((s, m) => s + (m?.score ?? 0), 0) : null;
  const score = a.status === 'marked' ? autoScore! + reviews.reduce((s: number, r) => s + (r ?? 0), 0) : null;
  const [exam] = await db.select({ passPercent: exams.passPercent }).from(exams).where(eq(exams.id, a.examId));
  const passPercent = a.passPercent ?? exam!.passPercent;
  const [row] = await db
    .insert(examAttempts)
    .values({
      examId: a.examId,
      userId: a.userId,
      number: a.number ?? 1,
      seed: crypto.randomBytes(4).toString('hex'),
      status: a.status,
      startedAt: minutes(-(a.submittedAgo ?? 10) - 20),
      deadlineAt: minutes(a.deadlineIn ?? 40),
      submittedAt: finished ? minutes(-(a.submittedAgo ?? 10)) : null,
      submittedBy: finished ? (a.submittedBy ?? 'examinee') : null,
      leaveCount: a.leaveCount ?? 0,
      questions: snap.questions,
      keys: snap.keys,
      total,
      autoScore,
      score,
      passed: score == null ? null : score >= (total * passPercent) / 100,
    })
    .returning({ id: examAttempts.id });
  await db.insert(examAttemptAnswers).values(
    snap.questions.map((q, i) => ({
      attemptId: row!.id,
      position: q.position,
      questionId: q.questionId,
      answer: a.answers[i] ?? null,
      seq: 1,
      savedAt: new Date(),
      autoScore: marks[i]?.score ?? null,
      correct: marks[i]?.correct ?? null,
      reviewScore: reviews[i],
    })),
  );
  return { id: row!.id, score, total, questionIds: snap.questions.map((q) => q.questionId) };
}

/** A camera photo of an attempt: an image file of purpose 'exam-photo' (no bytes stored), taken at `takenAt`. */
export async function insertPhoto(db: Db, attemptId: number, takenAt: Date) {
  const [f] = await db
    .insert(files)
    .values({ key: `exam-photos/${crypto.randomUUID()}.jpg`, originalName: 'photo.jpg', mime: 'image/jpeg', size: 1, purpose: 'exam-photo', refId: attemptId })
    .returning({ id: files.id, publicId: files.publicId });
  const [p] = await db.insert(examPhotos).values({ attemptId, fileId: f!.id, takenAt }).returning({ id: examPhotos.id });
  return { id: p!.id, publicId: f!.publicId };
}

/** The exam's clock moved: it ended a minute ago. */
export const endExam = (db: Db, id: number) => db.execute(sql`update exams set start_at = now() - interval '2 hours', end_at = now() - interval '1 minute' where id = ${id}`);
