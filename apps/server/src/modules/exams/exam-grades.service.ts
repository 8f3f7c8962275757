import { sql } from 'drizzle-orm';
import {
  answerOutcome,
  blankAccepted,
  isMistake,
  scoreShare,
  type QuestionKey,
  GRADE_EXAM_SORT_KEYS,
  GRADE_PERSON_SORT_KEYS,
  PERSON_TOTAL_SORT_KEYS,
  examStateAt,
  type AttemptPaper,
  type ExamExtension,
  type GradeExamQuery,
  type GradeExamRow,
  type GradePersonExport,
  type GradePersonQuery,
  type GradePersonRow,
  type GradeStatistics,
  type GradeUpdate,
  type Lang,
  type MistakeAnalysisRow,
  type MyRanking,
  type Page,
  type PersonExamRow,
  type PersonTotalQuery,
  type PersonTotalRow,
  type RankingQuery,
  type RankingRow,
  type SubmitState,
  type TestStatistics,
} from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors.js';
import { pathInScope, requireInScope, requireRecordInScope } from '../../platform/scope.js';
import { found, onlyRow } from '../../platform/db/rows.js';
import { buildXlsx, stampedName } from '../../platform/xlsx.js';
import { orderOf, pagedRows, pageWindow } from '../../platform/paging.js';
import { wallClockTime } from '../../platform/xlsx.js';
import { filterOrgPath } from '../orgs/index.js';
import * as repo from './exam-grades.repository.js';
import { READ_ONLY_PAPER, listedScoresPublishable, marksExam, paperAbilities, presentPaper, scoreChangeable } from './exam-marking.service.js';
import { passes, reviewOpen } from './exam-attempt.service.js';

function one(v: number): number;
function one(v: number | null): number | null;
function one(v: number | null) {
  return v == null ? null : Math.round(v * 10) / 10;
}
const rate = (n: number, of: number) => (of ? Math.round((n / of) * 1000) / 10 : null);
const EXPORT_MAX_ROWS = 100_000;

/** Export words of the grade list, per language. */
type ExportWord = 'title' | 'realname' | 'username' | 'org' | 'state' | SubmitState | 'score' | 'passed' | 'yes' | 'no' | 'attempts' | 'submittedAt';
const WORDS: Record<Lang, Record<ExportWord, string>> = {
  'zh-CN': {
    title: '考试成绩',
    realname: '姓名',
    username: '用户名',
    org: '组织',
    state: '提交状态',
    normal: '正常提交',
    exception: '异常提交',
    notSubmitted: '未提交',
    score: '成绩',
    passed: '是否及格',
    yes: '是',
    no: '否',
    attempts: '已考次数',
    submittedAt: '提交时间',
  },
  'en-US': {
    title: 'Exam grades',
    realname: 'Name',
    username: 'Username',
    org: 'Organization',
    state: 'Submission',
    normal: 'Normal',
    exception: 'Exception',
    notSubmitted: 'Not submitted',
    score: 'Score',
    passed: 'Passed',
    yes: 'Yes',
    no: 'No',
    attempts: 'Attempts used',
    submittedAt: 'Submitted at',
  },
  pt: {
    title: 'Notas do exame',
    realname: 'Nome',
    username: 'Usuário',
    org: 'Organização',
    state: 'Envio',
    normal: 'Normal',
    exception: 'Exceção',
    notSubmitted: 'Não enviado',
    score: 'Nota',
    passed: 'Aprovado',
    yes: 'Sim',
    no: 'Não',
    attempts: 'Tentativas usadas',
    submittedAt: 'Enviado em',
  },
};

export function createExamGradesService({ db }: { db: Db }) {
  /** An exam of the caller's data scope (back office). */
  async function examInScope(p: Principal, examId: number, field = 'examId') {
    const exam = await repo.examFacts(db, examId, p.userId);
    if (!exam) throw new AppError('NOT_FOUND_ERROR', { field });
    requireInScope(p, exam.orgPath, { field });
    return exam;
  }

  /** Exams of a page with their counts: a handful of statements whatever the page size (audience sizes one each). */
  async function presentExams(p: Principal, rows: repo.GradeExamSqlRow[]): Promise<GradeExamRow[]> {
    const ids = rows.map((r) => Number(r.id));
    const [results, counts, sizes] = await Promise.all([repo.resultCounts(db, ids), repo.attemptCounts(db, ids), Promise.all(ids.map((id) => repo.audienceSize(db, id)))]);
    return rows.map((r, i) => {
      const id = Number(r.id);
      const res = results.get(id);
      const c = counts.get(id);
      const status = examStateAt(r.status, new Date(r.startAt), new Date(r.endAt));
      return {
        id,
        name: String(r.name),
        categoryName: r.category_name ?? null,
        status,
        startAt: repo.toIso(r.startAt),
        endAt: repo.toIso(r.endAt),
        total: Number(r.total),
        passPercent: Number(r.pass_percent),
        audienceSize: sizes[i] ?? 0,
        submitted: res?.submitted ?? 0,
        passed: res?.passed ?? 0,
        passRate: rate(res?.passed ?? 0, res?.submitted ?? 0),
        average: one(res?.average ?? null),
        ongoing: c?.ongoing ?? 0,
        marking: c?.marking ?? 0,
        scoresPublishedAt: repo.toIso(r.scores_published_at),
        abilities: { publishScores: listedScoresPublishable(p, r, status, c) },
      };
    });
  }

  const personRow = (r: repo.GradePersonSqlRow): GradePersonRow => ({
    userId: Number(r.userId),
    realname: String(r.realname),
    username: String(r.username),
    orgName: r.orgName ?? null,
    attemptId: r.attemptId == null ? null : Number(r.attemptId),
    attemptStatus: r.attemptStatus ?? null,
    submittedBy: r.submittedBy ?? null,
    state: r.state,
    score: r.score == null ? null : Number(r.score),
    passed: r.passed == null ? null : Boolean(r.passed),
    attemptsUsed: Number(r.attemptsUsed),
    submittedAt: repo.toIso(r.submittedAt),
    adjusted: Boolean(r.adjusted),
    extendedEndAt: repo.toIso(r.extendedEndAt),
    extraAttempts: Number(r.extraAttempts),
  });

  async function peopleRows(p: Principal, q: Omit<GradePersonQuery, 'page' | 'size'>, page: { limit: number | null; offset: number }) {
    await examInScope(p, q.examId);
    const orgPath = await filterOrgPath(db, q.orgId);
    const order = orderOf(q.sort, GRADE_PERSON_SORT_KEYS, { key: 'realname', desc: false }, 'userId');
    return pagedRows<repo.GradePersonSqlRow>(db, repo.gradePeopleQuery({ ...q, orgPath }), order, page);
  }

  /** Scores are visible to the examinee: shown at once, or published (score display `published`). */
  const scoresVisible = (exam: repo.ExamFacts) => exam.scoreDisplay === 'immediate' || (exam.scoreDisplay === 'published' && exam.scoresPublishedAt != null);

  return {
    async exams(p: Principal, q: GradeExamQuery): Promise<Page<GradeExamRow>> {
      const order = orderOf(q.sort, GRADE_EXAM_SORT_KEYS, { key: 'id', desc: true }, 'id');
      const { rows, total } = await repo.gradeExams(db, p, q, order, pageWindow(q));
      return { records: await presentExams(p, rows), total, page: q.page, size: q.size };
    },

    async count(p: Principal, examId: number): Promise<GradeExamRow> {
      await examInScope(p, examId);
      const { rows } = await pagedRows<repo.GradeExamSqlRow>(db, repo.gradeExamQuery(p, { id: examId }), sql`id`, { limit: 1, offset: 0 });
      if (!rows.length) throw new AppError('NOT_FOUND_ERROR', { field: 'examId' });
      return onlyRow(await presentExams(p, rows));
    },

    async people(p: Principal, q: GradePersonQuery): Promise<Page<GradePersonRow>> {
      const { rows, total } = await peopleRows(p, q, pageWindow(q));
      return { records: rows.map(personRow), total, page: q.page, size: q.size };
    },

    /** The grade list of one exam as an Excel file in the reader's language and time zone. */
    async exportPeople(p: Principal, q: GradePersonExport) {
      const { lang, timeZone, ...filters } = q;
      const exam = await examInScope(p, q.examId);
      const { rows } = await peopleRows(p, filters, { limit: EXPORT_MAX_ROWS, offset: 0 });
      const w = WORDS[lang];
      const data = rows.map(personRow);
      const body = await buildXlsx(
        w.title,
        [
          { header: w.realname, value: (r: GradePersonRow) => r.realname },
          { header: w.username, value: (r) => r.username },
          { header: w.org, value: (r) => r.orgName },
          { header: w.state, value: (r) => w[r.state] },
          { header: w.score, value: (r) => r.score },
          { header: w.passed, value: (r) => (r.passed == null ? '' : r.passed ? w.yes : w.no) },
          { header: w.attempts, value: (r) => r.attemptsUsed },
          { header: w.submittedAt, value: (r) => wallClockTime(r.submittedAt, timeZone) },
        ],
        data,
      );
      const wall = new Date(wallClockTime(new Date(), timeZone).replace(' ', 'T') + ':00Z');
      return { body, fileName: stampedName(`${w.title}-${exam.name}`.slice(0, 120), wall) };
    },

    /** Changes a marked attempt's score (0 to the total, multiple of 0.5), recomputing the pass. */
    async update(p: Principal, input: GradeUpdate) {
      return db.transaction(async (tx) => {
        const a = await repo.attemptRecord(tx, input.attemptId, true);
        if (!a) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
        const exam = await repo.examFacts(tx, a.examId, p.userId);
        requireRecordInScope(p, exam, { field: 'attemptId' });
        if (!scoreChangeable(a.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'attemptId', data: { ids: [a.id] } });
        if (input.score > a.total) throw new AppError('EXAM_SCORE_OVER_TOTAL', { field: 'score', data: { max: a.total } });
        const passed = passes(input.score, a.total, exam.passPercent);
        await repo.updateScore(tx, a.id, input.score, passed, p.userId);
        return { score: input.score, passed };
      });
    },

    /**
     * A personal extension ("delay"): only for exams published, started or ended (drafts have no
     * examinees yet), for a member of the exam's audience, an end later than the exam's and not in
     * the past, 0–999 extra attempts. Saving again replaces the person's extension.
     */
    async extend(p: Principal, input: ExamExtension): Promise<null> {
      return db.transaction(async (tx) => {
        const exam = await repo.examFacts(tx, input.examId, p.userId, true);
        if (!exam) throw new AppError('NOT_FOUND_ERROR', { field: 'examId' });
        requireInScope(p, exam.orgPath, { field: 'examId' });
        if (exam.status === 'draft') throw new AppError('STATE_TRANSITION_INVALID', { field: 'examId', data: { ids: [exam.id] } });
        const endAt = new Date(input.endAt);
        if (endAt.getTime() <= Date.now()) throw new AppError('TIME_BEFORE_NOW', { field: 'endAt' });
        if (endAt.getTime() <= exam.endAt.getTime()) throw new AppError('PARAMETER_INVALID', { field: 'endAt', data: { after: exam.endAt.toISOString() } });
        if (!(await repo.inExamAudience(tx, exam.id, input.userId))) throw new AppError('NOT_FOUND_ERROR', { field: 'userId' });
        await repo.upsertExtension(tx, { examId: exam.id, userId: input.userId, endAt, extraAttempts: input.extraAttempts, by: p.userId });
        return null;
      });
    },

    async ranking(p: Principal, q: RankingQuery): Promise<Page<RankingRow>> {
      await examInScope(p, q.examId);
      const { rows, total } = await pagedRows<repo.RankingSqlRow>(db, repo.rankingQuery(q.examId), sql`ord`, pageWindow(q));
      return { records: rows.map(rankingRow), total, page: q.page, size: q.size };
    },

    /** paper-detail: one attempt as marked (exam in scope, or the caller marks it). */
    async paper(p: Principal, attemptId: number): Promise<AttemptPaper> {
      const a = await repo.attemptRecord(db, attemptId);
      if (!a) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
      const exam = found(await repo.examFacts(db, a.examId, p.userId), 'NOT_FOUND_ERROR', 'attemptId');
      const inScope = exam.orgPath != null && pathInScope(p, exam.orgPath);
      if (!(inScope && p.permissions.has('cjgl')) && !marksExam(p, exam)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'attemptId' });
      return presentPaper(exam, a, await repo.attemptAnswers(db, attemptId), paperAbilities(p, exam, a.status));
    },

    /**
     * test-statistics over each person's best marked attempt: ten buckets of the total, pass rate,
     * average/max/min; per question the share of full marks and the discrimination index (mean
     * share of the question's score in the upper 27 % minus the lower 27 %, by attempt score).
     */
    async testStatistics(p: Principal, examId: number): Promise<TestStatistics> {
      const exam = await examInScope(p, examId);
      const best = await repo.bestScored(db, examId);
      const [answers, faces, audienceSize] = await Promise.all([
        repo.answersOf(
          db,
          best.map((b) => b.id),
        ),
        repo.questionFaces(db, examId),
        repo.audienceSize(db, examId),
      ]);
      const total = exam.total;
      const bucketOf = (score: number) => Math.min(9, Math.max(0, Math.floor((score / (total || 1)) * 10 + 1e-9)));
      const distribution = Array.from({ length: 10 }, (_, i) => ({
        from: one((total * i) / 10),
        to: one((total * (i + 1)) / 10),
        count: best.filter((b) => bucketOf(b.score) === i).length,
      }));
      const scores = best.map((b) => b.score);
      const passed = best.filter((b) => b.passed).length;
      // Upper and lower groups: 27 % of the people (at least one each), by score then earlier submission.
      const ranked = [...best].sort((x, y) => y.score - x.score || String(x.submittedAt).localeCompare(String(y.submittedAt)));
      const g = best.length >= 2 ? Math.max(1, Math.round(best.length * 0.27)) : 0;
      const upper = new Set(ranked.slice(0, g).map((b) => b.id));
      const lower = new Set(ranked.slice(ranked.length - g).map((b) => b.id));
      const perQuestion = new Map<
        number,
        { position: number; score: number; n: number; shares: number; correct: number; partial: number; wrong: number; up: number[]; low: number[] }
      >();
      for (const x of answers) {
        let s = perQuestion.get(x.questionId);
        if (!s) perQuestion.set(x.questionId, (s = { position: x.position, score: x.key.score, n: 0, shares: 0, correct: 0, partial: 0, wrong: 0, up: [], low: [] }));
        const share = scoreShare(x.mark, x.key.score);
        const outcome = answerOutcome(x.mark, x.key.score);
        s.n++;
        s.shares += share;
        if (outcome) s[outcome]++;
        if (upper.has(x.attemptId)) s.up.push(share);
        if (lower.has(x.attemptId)) s.low.push(share);
      }
      const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
      const questions = [...perQuestion.entries()]
        .map(([questionId, s]) => {
          const face = faces.get(questionId);
          return {
            position: face?.position ?? s.position,
            questionId,
            type: face?.q.type ?? 'short',
            stem: face?.q.stem ?? '',
            score: s.score,
            answered: s.n,
            correctRate: s.n ? Math.round((s.shares / s.n) * 1000) / 1000 : null,
            correct: s.correct,
            partial: s.partial,
            wrong: s.wrong,
            discrimination: s.up.length && s.low.length ? Math.round((mean(s.up) - mean(s.low)) * 1000) / 1000 : null,
          };
        })
        .sort((x, y) => x.position - y.position || x.questionId - y.questionId);
      return {
        examId,
        examName: exam.name,
        total,
        passPercent: exam.passPercent,
        audienceSize,
        people: best.length,
        passed,
        passRate: rate(passed, best.length),
        average: scores.length ? one(mean(scores)) : null,
        max: scores.length ? Math.max(...scores) : null,
        min: scores.length ? Math.min(...scores) : null,
        distribution,
        questions,
      };
    },

    /** mistake-analyze: questions by wrong rate over every submitted attempt, with the wrong choices most given. */
    async mistakes(p: Principal, examId: number): Promise<MistakeAnalysisRow[]> {
      await examInScope(p, examId);
      const ids = await repo.finishedAttemptIds(db, examId);
      const [answers, faces] = await Promise.all([repo.answersOf(db, ids), repo.questionFaces(db, examId)]);
      const per = new Map<number, { n: number; wrong: number; partial: number; choices: Map<string, number>; key: QuestionKey }>();
      const given = (s: { choices: Map<string, number> }, c: string) => s.choices.set(c, (s.choices.get(c) ?? 0) + 1);
      for (const x of answers) {
        let s = per.get(x.questionId);
        if (!s) per.set(x.questionId, (s = { n: 0, wrong: 0, partial: 0, choices: new Map(), key: x.key }));
        s.n++;
        // Wrong: below full marks, as the mistake set counts it (a subjective answer still unmarked is left out).
        const outcome = answerOutcome(x.mark, x.key.score);
        if (!isMistake(outcome)) continue;
        s.wrong++;
        if (outcome === 'partial') s.partial++;
        for (const c of x.answer?.choices ?? []) if (!x.key.answers.includes(c)) given(s, c);
        (x.answer?.blanks ?? []).forEach((b, i) => {
          const text = b.trim();
          if (text && !blankAccepted(x.key.blanks[i] ?? [], text)) given(s, `(${i + 1}) ${text}`);
        });
      }
      return [...per.entries()]
        .map(([questionId, s]) => {
          const face = faces.get(questionId);
          return {
            position: face?.position ?? 0,
            questionId,
            type: face?.q.type ?? 'short',
            stem: face?.q.stem ?? '',
            options: face?.q.options ?? [],
            keyAnswers: s.key.answers,
            keyBlanks: s.key.blanks,
            answerText: s.key.answerText,
            answered: s.n,
            wrong: s.wrong,
            partial: s.partial,
            wrongRate: s.n ? Math.round((s.wrong / s.n) * 1000) / 1000 : 0,
            wrongChoices: [...s.choices.entries()].map(([choice, count]) => ({ choice, count })).sort((a, b) => b.count - a.count || a.choice.localeCompare(b.choice)),
          };
        })
        .sort((a, b) => b.wrongRate - a.wrongRate || a.position - b.position);
    },

    /** grade-statistics: the exams of the filter (in scope) with people submitted, passed and the average of best scores. */
    async gradeStatistics(p: Principal, q: GradeExamQuery): Promise<GradeStatistics> {
      const t = await repo.gradeTotals(db, repo.gradeExamQuery(p, q));
      return {
        exams: t.exams,
        examinees: t.examinees,
        submitted: t.submitted,
        passed: t.passed,
        passRate: rate(t.passed, t.submitted),
        average: one(t.average == null ? null : Number(t.average)),
      };
    },

    /** manage-course-integralStatistics: per person of the caller's scope, exams taken, passed, average. */
    async personTotals(p: Principal, q: PersonTotalQuery): Promise<Page<PersonTotalRow>> {
      const orgPath = await filterOrgPath(db, q.orgId);
      const order = orderOf(q.sort, PERSON_TOTAL_SORT_KEYS, { key: 'exams', desc: true }, 'userId');
      const { rows, total } = await pagedRows<repo.PersonTotalSqlRow>(db, repo.personTotalsQuery(p, { keyword: q.keyword, orgPath }), order, pageWindow(q));
      return {
        records: rows.map((r) => ({
          userId: Number(r.userId),
          realname: String(r.realname),
          username: String(r.username),
          orgName: r.orgName ?? null,
          exams: Number(r.exams),
          passed: Number(r.passed),
          average: one(r.average == null ? null : Number(r.average)),
        })),
        total,
        page: q.page,
        size: q.size,
      };
    },

    /** test-integral-detail: one person's exams (their best attempt of each). */
    async personExams(p: Principal, userId: number): Promise<PersonExamRow[]> {
      const u = await repo.userOrgPath(db, userId);
      if (!u) throw new AppError('NOT_FOUND_ERROR', { field: 'userId' });
      requireInScope(p, u.path, { field: 'userId' });
      const rows = await repo.personExams(db, userId);
      return rows.map((r) => ({
        examId: Number(r.exam_id),
        examName: String(r.exam_name),
        attemptId: Number(r.attempt_id),
        attempts: Number(r.attempts),
        score: r.score == null ? null : Number(r.score),
        passed: r.passed == null ? null : Boolean(r.passed),
        submittedAt: repo.toIso(r.submitted_at),
      }));
    },

    /** The student's ranking: only when the exam shows its ranking and its scores are visible to them. */
    async myRanking(p: Principal, examId: number): Promise<MyRanking> {
      const exam = await repo.examFacts(db, examId, p.userId);
      if (!exam || exam.status === 'draft' || !(await repo.reachesExam(db, p.userId, examId))) throw new AppError('NOT_FOUND_ERROR', { field: 'examId' });
      if (!exam.showRanking || !scoresVisible(exam)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'examId' });
      const { rows } = await pagedRows<repo.RankingSqlRow>(db, repo.rankingQuery(examId), sql`ord`, { limit: 100, offset: 0 });
      const mine = await repo.rankingRowOf(db, examId, p.userId);
      return { examId, examName: exam.name, total: exam.total, rows: rows.map(rankingRow), mine: mine ? rankingRow(mine) : null };
    },

    /**
     * The student's review of their own submitted attempt: only when the review is open (the exam shows
     * answers, no attempt of theirs at it is being answered); scores as the score display allows.
     */
    async myReview(p: Principal, attemptId: number): Promise<AttemptPaper> {
      const a = await repo.attemptRecord(db, attemptId);
      if (!a || a.userId !== p.userId) throw new AppError('NOT_FOUND_ERROR', { field: 'attemptId' });
      const [facts, anyOngoing] = await Promise.all([repo.examFacts(db, a.examId, p.userId), repo.hasOngoingAttempt(db, a.examId, p.userId)]);
      const exam = found(facts, 'NOT_FOUND_ERROR', 'attemptId');
      if (!reviewOpen(exam.showAnswers, anyOngoing)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'attemptId' });
      return presentPaper(exam, a, await repo.attemptAnswers(db, attemptId), READ_ONLY_PAPER, scoresVisible(exam));
    },
  };
}

const rankingRow = (r: repo.RankingSqlRow): RankingRow => ({
  rank: Number(r.rank),
  userId: Number(r.userId),
  realname: String(r.realname),
  orgName: r.orgName ?? null,
  score: Number(r.score),
  passed: Boolean(r.passed),
  submittedAt: repo.toIso(r.submittedAt),
});

export type ExamGradesService = ReturnType<typeof createExamGradesService>;
