import {
  ATTEMPT_LIFECYCLE,
  OBJECTIVE_TYPES,
  examStateAt,
  submitStateOf,
  type AttemptPaper,
  type AttemptPaperAbilities,
  type ExamStatus,
  type MarkSave,
  type MarkSaveResult,
  type MarkingExamQuery,
  type MarkingExamRow,
  type MarkingExamineeQuery,
  type MarkingExamineeRow,
  type Page,
} from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors.js';
import { xactLockFor } from '../../platform/locks.js';
import { pathInScope } from '../../platform/scope.js';
import { pageWindow } from '../../platform/paging.js';
import { found } from '../../platform/db/rows.js';
import * as repo from './exam-grades.repository.js';
import { completeMarking } from './exam-attempt.service.js';

/** The caller may publish an exam's scores: cjgl:publish in scope, or cjpy:publish as its reviewer or in scope. */
export function canPublishScores(p: Principal, exam: Pick<repo.ExamFacts, 'orgPath' | 'isReviewer'>) {
  const inScope = exam.orgPath != null && pathInScope(p, exam.orgPath);
  return (p.permissions.has('cjgl:publish') && inScope) || (p.permissions.has('cjpy:publish') && (inScope || exam.isReviewer));
}

/** A reviewer named on the exam marks it; a holder of cjpy:modify marks any exam in their scope. */
export function marksExam(p: Principal, exam: Pick<repo.ExamFacts, 'orgPath' | 'isReviewer'>) {
  return exam.isReviewer || (p.permissions.has('cjpy:modify') && exam.orgPath != null && pathInScope(p, exam.orgPath));
}

/** A score is changed by hand only once the attempt is marked. */
export const scoreChangeable = (status: string) => status === 'marked';

/** An attempt nobody may change: the examinee's own review. */
export const READ_ONLY_PAPER: AttemptPaperAbilities = { mark: false, updateScore: false };

/** What the caller may do with an attempt: what `save` (marks) and the grade update accept. */
export function paperAbilities(p: Principal, exam: Pick<repo.ExamFacts, 'orgPath' | 'isReviewer'>, status: string): AttemptPaperAbilities {
  const inScope = exam.orgPath != null && pathInScope(p, exam.orgPath);
  return {
    mark: p.permissions.has('cjpy') && marksExam(p, exam) && ATTEMPT_LIFECYCLE.isState(status) && ATTEMPT_LIFECYCLE.can(status, 'mark'),
    updateScore: p.permissions.has('cjgl:modify') && inScope && scoreChangeable(status),
  };
}

/** Scores are published once the exam has started (or ended). */
export const scoresPublishable = (state: ExamStatus) => state === 'started' || state === 'ended';

/**
 * The publish-scores ability of an exam row of the marking and grades lists (raw: `org_path`,
 * `is_reviewer`, `scores_published_at`): what `publishScores` accepts, read from the row and its attempt counts.
 */
export function listedScoresPublishable(p: Principal, r: repo.ExamListSqlRow, state: ExamStatus, counts: { ongoing: number; marking: number } | undefined) {
  const facts = { orgPath: r.org_path ?? null, isReviewer: Boolean(r.is_reviewer) };
  return scoresPublishable(state) && !r.scores_published_at && !counts?.ongoing && !counts?.marking && canPublishScores(p, facts);
}

/** The attempt as marked: every question with the answer, the key, the marks and the analysis. */
export function presentPaper(
  exam: Pick<repo.ExamFacts, 'name' | 'passPercent'>,
  a: repo.AttemptRecord,
  answers: repo.AnswerRecord[],
  abilities: AttemptPaperAbilities,
  showScores = true,
): AttemptPaper {
  const byPos = new Map(answers.map((x) => [x.position, x]));
  return {
    attemptId: a.id,
    examId: a.examId,
    examName: exam.name,
    userId: a.userId,
    realname: a.realname,
    number: a.number,
    status: a.status,
    submitState: submitStateOf(a.submittedBy),
    startedAt: a.startedAt.toISOString(),
    submittedAt: a.submittedAt?.toISOString() ?? null,
    total: a.total,
    passPercent: exam.passPercent,
    autoScore: showScores ? a.autoScore : null,
    score: showScores ? a.score : null,
    passed: showScores ? a.passed : null,
    adjustedByName: showScores ? a.adjustedByName : null,
    adjustedAt: showScores ? (a.adjustedAt?.toISOString() ?? null) : null,
    questions: a.questions.map((q, i) => {
      const key = a.keys[i];
      const x = byPos.get(q.position);
      const subjective = x ? x.autoScore == null && a.status !== 'ongoing' : !OBJECTIVE_TYPES.includes(q.type);
      const mark = x ? (subjective ? x.reviewScore : x.autoScore) : null;
      return {
        position: q.position,
        questionId: q.questionId,
        type: q.type,
        stem: q.stem,
        options: q.options,
        score: q.score,
        answer: x?.answer ?? null,
        keyAnswers: key.answers,
        keyBlanks: key.blanks,
        answerText: key.answerText,
        keywords: key.keywords,
        analysis: key.analysis,
        subjective,
        autoScore: showScores ? (x?.autoScore ?? null) : null,
        correct: showScores ? (x?.correct ?? null) : null,
        reviewScore: showScores ? (x?.reviewScore ?? null) : null,
        reviewerName: showScores ? (x?.reviewerName ?? null) : null,
        mark: showScores ? mark : null,
      };
    }),
    abilities,
  };
}

export function createExamMarkingService({ db }: { db: Db }) {
  function requireMarker(p: Principal, exam: repo.ExamFacts, field = 'examId') {
    if (!marksExam(p, exam)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field });
  }

  async function examFor(p: Principal, examId: number, field = 'examId') {
    const exam = await repo.examFacts(db, examId, p.userId);
    if (!exam) throw new AppError('NOT_FOUND_ERROR', { field });
    requireMarker(p, exam, field);
    return exam;
  }

  async function attemptFor(p: Principal, attemptId: number) {
    const a = await repo.attemptRecord(db, attemptId);
    if (!a) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
    const exam = await examFor(p, a.examId, 'attemptId');
    return { a, exam };
  }

  return {
    async exams(p: Principal, q: MarkingExamQuery): Promise<Page<MarkingExamRow>> {
      const { rows, total } = await repo.markingExams(db, p, p.permissions.has('cjpy:modify'), q, pageWindow(q));
      const ids = rows.map((r) => Number(r.id));
      const counts = await repo.attemptCounts(db, ids);
      const records = rows.map((r) => {
        const id = Number(r.id);
        const c = counts.get(id);
        const status = examStateAt(r.status, new Date(r.start_at), new Date(r.end_at));
        return {
          id,
          name: String(r.name),
          status,
          startAt: repo.toIso(r.start_at),
          endAt: repo.toIso(r.end_at),
          total: Number(r.total),
          waiting: c?.marking ?? 0,
          marked: c?.marked ?? 0,
          ongoing: c?.ongoing ?? 0,
          scoresPublishedAt: repo.toIso(r.scores_published_at),
          abilities: { publishScores: listedScoresPublishable(p, r, status, c) },
        };
      });
      return { records, total, page: q.page, size: q.size };
    },

    async examinees(p: Principal, q: MarkingExamineeQuery): Promise<Page<MarkingExamineeRow>> {
      await examFor(p, q.examId);
      const { rows, total } = await repo.markingExaminees(db, q, pageWindow(q));
      return {
        records: rows.map((r) => ({
          attemptId: Number(r.attempt_id),
          userId: Number(r.user_id),
          realname: String(r.realname),
          username: String(r.username),
          orgName: r.org_name ?? null,
          number: Number(r.number),
          status: r.status,
          submittedAt: repo.toIso(r.submitted_at),
          autoScore: r.auto_score == null ? null : Number(r.auto_score),
          score: r.score == null ? null : Number(r.score),
          pending: Number(r.pending),
        })),
        total,
        page: q.page,
        size: q.size,
      };
    },

    /** One attempt to mark: its questions (the subjective ones flagged) with answers, keys and marks so far. */
    async attempt(p: Principal, attemptId: number): Promise<AttemptPaper> {
      const { a, exam } = await attemptFor(p, attemptId);
      if (a.status === 'ongoing') throw new AppError('STATE_TRANSITION_INVALID', { field: 'attemptId', data: { ids: [attemptId] } });
      return presentPaper(exam, a, await repo.attemptAnswers(db, attemptId), paperAbilities(p, exam, a.status));
    },

    /**
     * Saves reviewer marks (multiples of 0.5, 0 to the question's score) on subjective answers of an
     * attempt in marking. The last mark moves the attempt to marked with its score and pass, on the
     * locked row: two reviewers saving at once are serialized, and only one finishes it.
     */
    async save(p: Principal, input: MarkSave): Promise<MarkSaveResult> {
      return db.transaction(async (tx) => {
        const a = await repo.attemptRecord(tx, input.attemptId, true);
        if (!a) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
        const exam = await repo.examFacts(tx, a.examId, p.userId);
        if (!exam) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
        requireMarker(p, exam, 'attemptId');
        if (!ATTEMPT_LIFECYCLE.can(a.status, 'mark')) throw new AppError('STATE_TRANSITION_INVALID', { field: 'attemptId', data: { ids: [a.id] } });
        const answers = new Map((await repo.attemptAnswers(tx, a.id)).map((x) => [x.position, x]));
        input.marks.forEach((m, i) => {
          const x = answers.get(m.position);
          const key = a.keys[m.position - 1];
          // Only answers the system did not mark take a reviewer's mark.
          if (!x || !key || x.autoScore != null) throw new AppError('PARAMETER_INVALID', { field: `marks.${i}.position` });
          if (m.score > key.score) throw new AppError('MARK_SCORE_OVER_QUESTION', { field: `marks.${i}.score`, data: { max: key.score } });
        });
        await repo.writeMarks(tx, a.id, p.userId, input.marks);
        const state = await repo.markingState(tx, a.id);
        if (state.pending > 0) return { status: 'marking', pending: state.pending, score: null, passed: null };
        // The last mark: score, pass, `mark` transition and certificate are the attempt service's one rule.
        await completeMarking(tx, a.id);
        const done = found(await repo.attemptRecord(tx, a.id), 'NOT_FOUND_ERROR', 'attemptId');
        const { score, passed } = done;
        return { status: 'marked', pending: 0, score, passed };
      });
    },

    /**
     * Publishes an exam's scores (examinees with score display `published` see them). Refused while
     * anyone is still taking it, while answers wait for marks, and when already published; decided on
     * the locked exam row.
     */
    async publishScores(p: Principal, examId: number): Promise<null> {
      return db.transaction(async (tx) => {
        // Waits for the starts being committed; none begins until this is done (the ongoing count below holds).
        await xactLockFor(tx, 'examScores', examId);
        const exam = await repo.examFacts(tx, examId, p.userId, true);
        if (!exam) throw new AppError('NOT_FOUND_ERROR', { field: 'examId' });
        if (!canPublishScores(p, exam)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'examId' });
        // Nobody has sat an exam before it starts: its scores are published once it has started (or ended).
        if (!scoresPublishable(examStateAt(exam.status, exam.startAt, exam.endAt)))
          throw new AppError('STATE_TRANSITION_INVALID', { field: 'examId', data: { ids: [examId] } });
        if (exam.scoresPublishedAt) throw new AppError('EXAM_SCORES_PUBLISHED', { field: 'examId' });
        const c = (await repo.attemptCounts(tx, [examId])).get(examId);
        if (c?.ongoing) throw new AppError('EXAM_IN_PROGRESS_CANNOT_PUBLISH_SCORE', { field: 'examId', data: { ongoing: c.ongoing } });
        if (c?.marking) throw new AppError('MARKING_NOT_FINISHED', { field: 'examId', data: { marking: c.marking } });
        if (!(await repo.setScoresPublished(tx, examId))) throw new AppError('EXAM_SCORES_PUBLISHED', { field: 'examId' });
        return null;
      });
    },
  };
}
export type ExamMarkingService = ReturnType<typeof createExamMarkingService>;
