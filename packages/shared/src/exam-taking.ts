import { z } from 'zod';
import { IdSchema } from './api.js';
import { defineLifecycle } from './lifecycle.js';
import { DrawnQuestionSchema } from './papers.js';
import { OPTION_LETTERS, QUESTION_TYPES, type QuestionType } from './questions.js';

/**
 * Taking an exam (spec §2 "exam detail and answer sheet", §5 "Exam taking": my exams, paper,
 * submit, autosave answers, wrong questions, ranking, leave time, photos).
 *
 * An attempt is one examinee's sitting of an exam: its questions are drawn from the exam's paper
 * when it starts (reproducibly, by the attempt's seed) and stored with it, together with the answer
 * key of that moment, so later edits of the bank change nothing already drawn. The server owns the
 * clock: `deadlineAt` = start + duration, capped by the exam's end; at the deadline the server
 * submits by itself, connected or not.
 */
export const ATTEMPT_STATUSES = ['ongoing', 'marking', 'marked'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];
export const ATTEMPT_LIFECYCLE = defineLifecycle({
  name: 'exam_attempts',
  states: ATTEMPT_STATUSES,
  initial: 'ongoing',
  transitions: {
    /** Submitted with subjective questions left for the reviewers. */
    submit: { from: ['ongoing'], to: 'marking' },
    /** Submitted with every question marked by the system. */
    finish: { from: ['ongoing'], to: 'marked' },
    /** The reviewers marked the last subjective answer. */
    mark: { from: ['marking'], to: 'marked' },
  },
  editable: ['ongoing'],
  deletable: [],
  colors: { ongoing: 'processing', marking: 'orange', marked: 'green' },
  labels: {
    states: { ongoing: 'examTaking.status_ongoing', marking: 'examTaking.status_marking', marked: 'examTaking.status_marked' },
    commands: { submit: 'examTaking.submit', finish: 'examTaking.submit', mark: 'examTaking.mark' },
  },
});

type WithAttemptStatus = { status: AttemptStatus };
/** Handed in (by the examinee, the deadline or the leave limit): no answer changes any more. */
export const attemptSubmitted = (a: WithAttemptStatus) => !ATTEMPT_LIFECYCLE.canEdit(a.status);
/** Handed in with subjective answers still waiting for the reviewers: no score yet. */
export const attemptAwaitsMarks = (a: WithAttemptStatus) => ATTEMPT_LIFECYCLE.can(a.status, 'mark');
/** Every answer marked: the score is final (a manager may still change it by hand). */
export const attemptMarked = (a: WithAttemptStatus) => a.status === 'marked';

/** Who submitted: the examinee, the server at the deadline, or the anti-cheat rule (leaves beyond the limit). */
export const SUBMITTED_BY = ['examinee', 'deadline', 'leaveLimit'] as const;
export type SubmittedBy = (typeof SUBMITTED_BY)[number];
/** Spec §4 submission states: normal, exception (forced by the anti-cheat rule), not submitted. */
export const SUBMIT_STATES = ['normal', 'exception', 'notSubmitted'] as const;
export type SubmitState = (typeof SUBMIT_STATES)[number];
export const submitStateOf = (by: SubmittedBy | null | undefined): SubmitState => (by == null ? 'notSubmitted' : by === 'leaveLimit' ? 'exception' : 'normal');

/** Objective types are marked by the system at submission; the others by reviewers (or keywords). */
export const OBJECTIVE_TYPES: readonly QuestionType[] = ['single', 'multiple', 'judgment', 'fill', 'rating'];

/**
 * One answer, whatever the type: choice and judgment `choices` (option letters, 'T'/'F'), fill in
 * blank `blanks` (one per blank, in stem order), short/operation/calculation `text`, star rating `stars`.
 */
/** What a choice or judgment answer names: 'T'/'F' or option letters. */
const CHOICE_VALUES: [string, ...string[]] = ['T', 'F', ...OPTION_LETTERS];

export const AnswerValueSchema = z.strictObject({
  choices: z.array(z.enum(CHOICE_VALUES)).max(26).optional(),
  blanks: z.array(z.string().max(200)).max(50).optional(),
  text: z.string().max(2000).optional(),
  stars: z.number().int().min(0).max(10).optional(),
});
export type AnswerValue = z.infer<typeof AnswerValueSchema>;

/** The answer key of one drawn question, kept on the server with the attempt (never sent while taking). */
export interface QuestionKey {
  type: QuestionType;
  score: number;
  /** Choice: option letters; judgment: 'T' or 'F'. */
  answers: string[];
  /** Fill in blank: accepted answers per blank. */
  blanks: string[][];
  /** Short answer: comma-separated keywords, scoring the answer by itself when `autoScore`. */
  keywords: string;
  autoScore: boolean;
  /** The reference answer (short, operation, calculation) and the analysis, shown with the answers. */
  answerText: string;
  analysis: string;
}

/** A score rounded down to a multiple of 0.5 (question scores are multiples of 0.5). */
export const halfPoints = (v: number) => Math.floor(v * 2 + 1e-9) / 2;
const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
/** Whether a written blank is one of the blank's accepted answers (case and spacing aside). */
export const blankAccepted = (alternatives: string[], given: string) => alternatives.some((alt) => norm(alt) === norm(given));
const keywordList = (k: string) =>
  k
    .split(/[,，;；、]/)
    .map(norm)
    .filter(Boolean);

/** Whether an answer was given at all (an empty one counts as unanswered). */
export function isAnswered(a: AnswerValue | null | undefined): boolean {
  if (!a) return false;
  return Boolean(a.choices?.length || a.blanks?.some((b) => b.trim()) || a.text?.trim() || (a.stars ?? 0) > 0);
}

/**
 * Marks one answer against its key. Answers `{ score, correct }` when the system can mark it
 * (objective types, short answers with keyword auto-scoring), or `null` when a reviewer must.
 * Choice and judgment: all or nothing. Fill in blank: each blank its share, an answer matching
 * one of the blank's alternatives (case and spacing ignored). Short answer with keywords: the share
 * of keywords found. Star rating: an opinion, full score once rated. Shares round down to 0.5.
 */
export function markAnswer(key: QuestionKey, answer: AnswerValue | null | undefined): { score: number; correct: boolean } | null {
  const a = answer ?? {};
  switch (key.type) {
    case 'single':
    case 'multiple':
    case 'judgment': {
      const given = [...new Set(a.choices ?? [])].sort();
      const expected = [...key.answers].sort();
      const correct = given.length === expected.length && given.every((c, i) => c === expected[i]);
      return { score: correct ? key.score : 0, correct };
    }
    case 'fill': {
      const n = key.blanks.length;
      if (!n) return { score: 0, correct: false };
      const given = a.blanks ?? [];
      const right = key.blanks.filter((alts, i) => given[i] !== undefined && blankAccepted(alts, given[i])).length;
      return { score: right === n ? key.score : halfPoints((key.score * right) / n), correct: right === n };
    }
    case 'rating':
      return (a.stars ?? 0) > 0 ? { score: key.score, correct: true } : { score: 0, correct: false };
    case 'short': {
      if (!key.autoScore) return null;
      const words = keywordList(key.keywords);
      if (!words.length) return null;
      const text = norm(a.text ?? '');
      const found = words.filter((w) => text.includes(w)).length;
      return { score: found === words.length ? key.score : halfPoints((key.score * found) / words.length), correct: found === words.length };
    }
    default:
      return null;
  }
}

/**
 * What a marked answer counts as: the one rule of the exam statistics, the mistake analysis and the
 * mistake set. Full marks `correct`, part of the score `partial`, nothing `wrong`; null while unmarked
 * (a reviewer's mark pending). `mark` is the mark that counts (the reviewer's, else the system's).
 */
export type AnswerOutcome = 'correct' | 'partial' | 'wrong';
export function answerOutcome(mark: number | null | undefined, full: number): AnswerOutcome | null {
  if (mark == null) return null;
  if (mark + 1e-9 >= full) return 'correct';
  return mark > 0 ? 'partial' : 'wrong';
}
/** A mistake (the mistake set, the mistake analysis' wrong count): marked below the question's full score. */
export const isMistake = (o: AnswerOutcome | null) => o === 'partial' || o === 'wrong';
/** The share of the question's score an answer earned (0–1): a correct rate averages it, so a partial answer counts partly. */
export const scoreShare = (mark: number | null | undefined, full: number) => (full > 0 ? Math.min(1, Math.max(0, (mark ?? 0) / full)) : mark == null ? 0 : 1);

/** A question as the examinee sees it while taking: the drawn face, the saved answer and the flag. */
export const SheetQuestionSchema = DrawnQuestionSchema.extend({
  answer: AnswerValueSchema.nullable(),
  flagged: z.boolean(),
  /** The change counter of the saved answer: a change kept on the device with a higher one is newer. */
  seq: z.number().optional(),
});
export type SheetQuestion = z.infer<typeof SheetQuestionSchema>;

/** The answer sheet of the caller's ongoing attempt (or of the one just started). */
export const AttemptSheetSchema = z.object({
  attemptId: z.number(),
  examId: z.number(),
  examName: z.string(),
  /** 1 for the first attempt. */
  number: z.number(),
  attemptsAllowed: z.number(),
  status: ATTEMPT_LIFECYCLE.stateSchema,
  startedAt: z.string(),
  deadlineAt: z.string(),
  /** The server's clock when it answered: the client counts down from `remainingSeconds`, not its own clock. */
  serverNow: z.string(),
  remainingSeconds: z.number(),
  total: z.number(),
  answerMode: z.enum(['whole', 'single']),
  countdownMode: z.enum(['duration', 'end']),
  /** Seconds between camera photos; 0 takes none. */
  photoInterval: z.number(),
  antiCheat: z.boolean(),
  leaveLimit: z.number().nullable(),
  leaveCount: z.number(),
  questions: z.array(SheetQuestionSchema),
});
export type AttemptSheet = z.infer<typeof AttemptSheetSchema>;

export const ExamIdBodySchema = z.object({ examId: IdSchema });
export const AttemptIdBodySchema = z.object({ attemptId: IdSchema });

/**
 * Autosave: the answers changed since the last save. `seq` grows with every change the client makes
 * to that question, so a retried older request never overwrites a newer answer.
 */
export const AnswerSaveSchema = z.object({
  attemptId: IdSchema,
  answers: z
    .array(
      z.object({
        position: z.number().int().min(1).max(1000),
        answer: AnswerValueSchema.nullable(),
        flagged: z.boolean().default(false),
        seq: z
          .number()
          .int()
          .min(0)
          .max(2 ** 31 - 1),
      }),
    )
    .min(1)
    .max(200),
});
export type AnswerSave = z.infer<typeof AnswerSaveSchema>;
export const AnswerSaveResultSchema = z.object({
  savedAt: z.string(),
  remainingSeconds: z.number(),
  status: ATTEMPT_LIFECYCLE.stateSchema,
});
export type AnswerSaveResult = z.infer<typeof AnswerSaveResultSchema>;

/** Leaving the page (anti-cheat): counted; beyond the limit the attempt is submitted (exception). */
export const LeaveResultSchema = z.object({ leaveCount: z.number(), leaveLimit: z.number().nullable(), submitted: z.boolean() });
export type LeaveResult = z.infer<typeof LeaveResultSchema>;

/** A camera photo taken while answering: a JPEG or PNG as base64 (a `data:` URL allowed), at most ~700 KB. */
export const ExamPhotoSchema = z.object({ attemptId: IdSchema, data: z.string().min(1).max(1_000_000) });
export type ExamPhoto = z.infer<typeof ExamPhotoSchema>;

/** What the examinee sees of a finished attempt; score fields follow the exam's score display (null when hidden). */
export const AttemptResultSchema = z.object({
  attemptId: z.number(),
  examId: z.number(),
  examName: z.string(),
  number: z.number(),
  status: ATTEMPT_LIFECYCLE.stateSchema,
  submitState: z.enum(SUBMIT_STATES),
  submittedBy: z.enum(SUBMITTED_BY).nullable(),
  startedAt: z.string(),
  submittedAt: z.string().nullable(),
  total: z.number(),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  /** Attempts left for the caller in this exam. */
  attemptsLeft: z.number(),
  /** The exam shows its answers to examinees after submitting (answer review). */
  reviewOpen: z.boolean().optional(),
  /** The exam shows its ranking and the caller may see scores now. */
  rankingOpen: z.boolean().optional(),
});
export type AttemptResult = z.infer<typeof AttemptResultSchema>;

/** Question types used by the key (re-exported for helpers that validate stored keys). */
export const QuestionKeyTypeSchema = z.enum(QUESTION_TYPES);
