import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AnswerValue, AttemptStatus, DrawnQuestion, QuestionKey, QuestionType, SubmittedBy } from '@hanlin/shared';
import type { Db } from '../platform/db/client.js';
import { audienceTargets } from '../modules/audiences/index.js';
import { examAttemptAnswers, examAttempts, examPhotos, exams } from '../modules/exams/index.js';
import { files } from '../modules/uploads/index.js';

/**
 * Exams, attempts, answers and photos written straight into the exam tables, for modules that read
 * them (monitoring, the mistake set) while attempt taking is built elsewhere.
 */

/** A published exam open to `audience` (default: started an hour ago, ends in an hour). */
export async function insertExam(
  db: Db,
  opts: { orgId: number; audience: { type: 'user' | 'org'; id: number }[]; startAt?: Date; endAt?: Date; showAnswers?: boolean; name?: string; photoInterval?: number },
) {
  const [row] = await db
    .insert(exams)
    .values({
      name: opts.name ?? `Exam ${crypto.randomUUID().slice(0, 8)}`,
      status: 'published',
      startAt: opts.startAt ?? new Date(Date.now() - 3600_000),
      endAt: opts.endAt ?? new Date(Date.now() + 3600_000),
      duration: 60,
      passPercent: 60,
      total: 100,
      attempts: 3,
      paperId: 1,
      showAnswers: opts.showAnswers ?? false,
      photoInterval: opts.photoInterval ?? 30,
      orgId: opts.orgId,
      publishedAt: new Date(),
    })
    .returning({ id: exams.id, name: exams.name });
  for (const t of opts.audience) await db.insert(audienceTargets).values({ ownerType: 'exam', ownerId: row!.id, targetType: t.type, targetId: t.id });
  return row!;
}

/** A drawn question with its key: a judgment (answer 'T') unless told otherwise. */
export function fixtureQuestion(questionId: number, opts: Partial<QuestionKey> & { type?: QuestionType; stem?: string } = {}): { face: DrawnQuestion; key: QuestionKey } {
  const type = opts.type ?? 'judgment';
  const score = opts.score ?? 10;
  return {
    face: { questionId, position: 0, type, stem: opts.stem ?? `Question ${questionId}?`, options: [], blankCount: 0, stars: 5, score },
    key: {
      type,
      score,
      answers: opts.answers ?? ['T'],
      blanks: opts.blanks ?? [],
      keywords: opts.keywords ?? '',
      autoScore: opts.autoScore ?? false,
      answerText: opts.answerText ?? '',
      analysis: opts.analysis ?? `Because ${questionId}.`,
    },
  };
}

export interface FixtureAnswer {
  answer: AnswerValue | null;
  /** The system's mark (null: unmarked or a reviewer's question). */
  correct?: boolean | null;
}

/** An attempt with its questions (positions 1…n) and one answer row per question. */
export async function insertAttempt(
  db: Db,
  opts: {
    examId: number;
    userId: number;
    number?: number;
    status?: AttemptStatus;
    submittedBy?: SubmittedBy | null;
    leaveCount?: number;
    deadlineAt?: Date;
    submittedAt?: Date;
    questions: { face: DrawnQuestion; key: QuestionKey }[];
    answers?: FixtureAnswer[];
  },
) {
  const status = opts.status ?? 'ongoing';
  const questions = opts.questions.map((q, i) => ({ ...q.face, position: i + 1 }));
  const [a] = await db
    .insert(examAttempts)
    .values({
      examId: opts.examId,
      userId: opts.userId,
      number: opts.number ?? 1,
      seed: crypto.randomUUID(),
      status,
      deadlineAt: opts.deadlineAt ?? new Date(Date.now() + 30 * 60_000),
      submittedAt: status === 'ongoing' ? null : (opts.submittedAt ?? new Date()),
      submittedBy: status === 'ongoing' ? null : (opts.submittedBy ?? 'examinee'),
      leaveCount: opts.leaveCount ?? 0,
      questions,
      keys: opts.questions.map((q) => q.key),
      total: opts.questions.reduce((s, q) => s + q.key.score, 0),
    })
    .returning({ id: examAttempts.id });
  await db.insert(examAttemptAnswers).values(
    questions.map((q, i) => {
      const given = opts.answers?.[i];
      return {
        attemptId: a!.id,
        position: q.position,
        questionId: q.questionId,
        answer: given?.answer ?? null,
        savedAt: given?.answer ? new Date() : null,
        correct: given?.correct ?? null,
        autoScore: given?.correct == null ? null : given.correct ? q.score : 0,
      };
    }),
  );
  return a!.id;
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
