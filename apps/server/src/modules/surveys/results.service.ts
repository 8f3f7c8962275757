import {
  isAsked,
  otherPick,
  surveyStateAt,
  type ExportLocale,
  type Page,
  type QuestionnaireItem,
  type SurveyItemResult,
  type SurveyOrgReportQuery,
  type SurveyOrgReportRow,
  type SurveyRemind,
  type SurveyReportQuery,
  type SurveyReportRow,
  type SurveyResult,
  type SurveyResultExport,
  type SurveyResultQuery,
  type SurveyRow,
  type SurveyTextQuery,
  type SurveyTextRow,
  type SurveyUnansweredQuery,
  type SurveyUnansweredRow,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import { onlyRow } from '../../platform/db/rows.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListPage } from '../../platform/list.js';
import { pageWindow } from '../../platform/paging.js';
import { requireInScope } from '../../platform/scope.js';
import { sendMessage } from '../messages/index.js';
import * as repo from './surveys.repository.js';
import * as results from './results.repository.js';
import { exportAnswers, exportSummary } from './results.export.js';

interface Deps {
  db: Db;
  /** The management list of surveys (the surveys service's), the report adds the rate to. */
  list: (p: Principal, q: SurveyReportQuery) => Promise<ListPage<SurveyRow>>;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const percentOf = (count: number, of: number) => (of > 0 ? round1((100 * count) / of) : 0);
const iso = (d: Date | string) => new Date(d).toISOString();

type Survey = {
  id: number;
  name: string;
  status: SurveyRow['status'];
  anonymous: boolean;
  repeatable: boolean;
  resultsPublic: boolean;
  startAt: Date;
  endAt: Date;
  items: QuestionnaireItem[];
};

/** Each item's figures from the counts and statistics of its answers (results.repository.ts). */
export function itemResults(items: readonly QuestionnaireItem[], counts: results.CountRow[], stats: results.StatRow[]): SurveyItemResult[] {
  const byKey = new Map<string, results.CountRow[]>();
  for (const c of counts) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  const statOf = new Map(stats.map((s) => [s.key, s]));
  return items.map((item): SurveyItemResult => {
    if (!isAsked(item)) return { kind: 'section', key: item.key, title: item.title };
    const rows = byKey.get(item.key) ?? [];
    const count = (part: results.CountRow['part'], a: number | null = null, b: number | null = null) =>
      rows.filter((r) => r.part === part && (a === null || r.a === a) && (b === null || r.b === b)).reduce((n, r) => n + r.n, 0);
    const answered = count('answered');
    const head = { key: item.key, title: item.title, answered };
    const share = (n: number) => ({ count: n, percent: percentOf(n, answered) });
    const stat = statOf.get(item.key);
    switch (item.kind) {
      case 'single':
      case 'multiple':
        return {
          kind: item.kind,
          ...head,
          options: item.options.map((label, i) => ({ label, ...share(count('pick', i)) })),
          other: item.allowOther ? share(count('pick', otherPick(item))) : null,
        };
      case 'rating': {
        const distribution = Array.from({ length: item.scale }, (_, i) => ({ value: i + 1, ...share(count('rating', i + 1)) }));
        const votes = distribution.reduce((n, d) => n + d.count, 0);
        const average = votes ? round1(distribution.reduce((s, d) => s + d.value * d.count, 0) / votes) : null;
        return { kind: 'rating', ...head, scale: item.scale, average, distribution };
      }
      case 'matrix':
        return { kind: 'matrix', ...head, rows: item.rows, columns: item.columns, cells: item.rows.map((_, i) => item.columns.map((_c, j) => count('cell', i, j))) };
      case 'number':
        return { kind: 'number', ...head, average: stat?.average == null ? null : round1(Number(stat.average)), min: stat?.min ?? null, max: stat?.max ?? null };
      case 'date':
        return { kind: 'date', ...head, earliest: stat?.earliest ?? null, latest: stat?.latest ?? null };
      case 'text':
      case 'textarea':
        return { kind: item.kind, ...head };
    }
  });
}

/**
 * Results and reports of surveys (`survey-result`, `manage-survey-report`,
 * `manage-surveydetail-report`): only surveys of the caller's data scope. An anonymous survey
 * names nobody: no organization filter, no list of who has not answered, texts without names.
 */
export function createSurveyResultsService({ db, list }: Deps) {
  /** The survey in the caller's scope (NOT_FOUND_ERROR, NO_DATA_PERMISSION_ERROR). */
  async function requireSurvey(p: Principal, id: number): Promise<Survey> {
    const [row] = await repo.surveyList.rowsOf(db, [id]);
    if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
    requireInScope(p, row.orgPath, { field: 'id' });
    return { ...row, status: surveyStateAt(row.status, row.endAt), items: (await repo.getItems(db, id)) ?? [] };
  }
  /** The organization filter's subtree: named surveys only (an anonymous answer keeps no organization). */
  async function filterPath(s: Survey, orgId: number | undefined): Promise<string | null> {
    if (orgId === undefined) return null;
    if (s.anonymous) throw new AppError('SURVEY_ANONYMOUS_REFUSED', { field: 'orgId' });
    const path = await results.orgPathOf(db, orgId);
    if (!path) throw new AppError('NOT_FOUND_ERROR', { field: 'orgId' });
    return path;
  }
  function requireNamed(s: Survey) {
    if (s.anonymous) throw new AppError('SURVEY_ANONYMOUS_REFUSED', { field: 'id' });
  }
  /** A reminder makes sense while the survey is open on the server's clock. */
  const isOpen = (s: Survey, now = new Date()) => s.status === 'released' && s.startAt <= now;

  async function summary(s: Survey, orgPath: string | null, abilities: SurveyResult['abilities'], dbx: DbOrTx = db): Promise<SurveyResult> {
    const [figures, counts, stats] = await Promise.all([
      results.responseFigures(dbx, s.id, orgPath),
      results.answerCounts(dbx, s.id, orgPath),
      results.answerStats(dbx, s.id, orgPath),
    ]);
    return {
      id: s.id,
      name: s.name,
      status: s.status,
      anonymous: s.anonymous,
      repeatable: s.repeatable,
      resultsPublic: s.resultsPublic,
      startAt: iso(s.startAt),
      endAt: iso(s.endAt),
      audienceSize: figures.audience,
      respondents: figures.respondents,
      rate: percentOf(figures.respondents, figures.audience),
      responses: figures.responses,
      named: !s.anonymous,
      items: itemResults(s.items, counts, stats),
      abilities,
    };
  }
  const none = { texts: false, unanswered: false, remind: false, export: false };

  async function exportData(p: Principal, q: SurveyResultExport) {
    const s = await requireSurvey(p, q.id);
    return { s, orgPath: await filterPath(s, q.orgId), locale: { lang: q.lang, timeZone: q.timeZone } satisfies ExportLocale };
  }

  return {
    async result(p: Principal, q: SurveyResultQuery): Promise<SurveyResult> {
      const s = await requireSurvey(p, q.id);
      const orgPath = await filterPath(s, q.orgId);
      return summary(s, orgPath, {
        texts: true,
        unanswered: !s.anonymous,
        remind: !s.anonymous && isOpen(s) && p.permissions.has('dcgl:publish'),
        export: p.permissions.has('dcgl:export'),
      });
    },

    /** Texts of a text item or "other" texts of a choice item; names only for a named survey. */
    async texts(p: Principal, q: SurveyTextQuery): Promise<Page<SurveyTextRow>> {
      const s = await requireSurvey(p, q.id);
      const orgPath = await filterPath(s, q.orgId);
      const item = s.items.find((i) => i.key === q.key);
      const textual = item && (item.kind === 'text' || item.kind === 'textarea');
      const withOther = item && (item.kind === 'single' || item.kind === 'multiple') && item.allowOther;
      if (!item || (!textual && !withOther)) throw new AppError('PARAMETER_INVALID', { field: 'key' });
      const { rows, total } = await results.textAnswers(
        db,
        { id: s.id, key: q.key, otherPick: textual ? null : otherPick(item), orgPath, keyword: q.keyword, named: !s.anonymous },
        pageWindow(q),
      );
      const records = rows.map((r) => ({
        text: r.text,
        realname: r.realname,
        orgName: r.org_name,
        submittedAt: s.anonymous ? new Date(r.submitted_at).toISOString().slice(0, 10) : iso(r.submitted_at),
      }));
      return { records, total, page: q.page, size: q.size };
    },

    async unanswered(p: Principal, q: SurveyUnansweredQuery): Promise<Page<SurveyUnansweredRow>> {
      const s = await requireSurvey(p, q.id);
      requireNamed(s);
      const { rows, total } = await results.unanswered(db, s.id, { orgPath: await filterPath(s, q.orgId), keyword: q.keyword }, pageWindow(q));
      return { records: rows.map((r) => ({ userId: r.user_id, realname: r.realname, username: r.username, orgName: r.org_name })), total, page: q.page, size: q.size };
    },

    /** Reminds who of the audience has not answered (and can sign in) while the survey is open. */
    async remind(p: Principal, q: SurveyRemind) {
      const s = await requireSurvey(p, q.id);
      requireNamed(s);
      const orgPath = await filterPath(s, q.orgId);
      if (!isOpen(s)) throw new AppError('SURVEY_NOT_OPEN', { field: 'id' });
      return db.transaction((tx) => sendMessage(tx, { to: results.unansweredActive(s.id, orgPath), template: 'surveyAnswerReminder', params: { name: s.name } }));
    },

    async exportAnswers(p: Principal, q: SurveyResultExport) {
      const { s, orgPath, locale } = await exportData(p, q);
      return exportAnswers(locale, s, await results.allAnswers(db, s.id, orgPath, !s.anonymous));
    },
    async exportSummary(p: Principal, q: SurveyResultExport) {
      const { s, orgPath, locale } = await exportData(p, q);
      return exportSummary(locale, await summary(s, orgPath, none));
    },

    /** `manage-survey-report`: the management list (scope, filters, order) with the response rate. */
    async report(p: Principal, q: SurveyReportQuery): Promise<ListPage<SurveyReportRow>> {
      const page = await list(p, q);
      return { ...page, records: page.records.map((r) => ({ ...r, rate: percentOf(Math.min(r.respondents, r.audienceSize), r.audienceSize) })) };
    },

    /** `manage-surveydetail-report`: one survey's audience, respondents and rate per organization. */
    async orgReport(p: Principal, q: SurveyOrgReportQuery): Promise<Page<SurveyOrgReportRow>> {
      const s = await requireSurvey(p, q.id);
      const { rows, total } = await results.orgFigures(db, s.id, q, pageWindow(q));
      return { records: rows.map(({ org_id, ...r }) => ({ orgId: org_id, ...r })), total, page: q.page, size: q.size };
    },

    /**
     * A respondent's view of a results-public survey they answered: the figures of everyone's
     * answers, never the free texts (they may name or describe their writers). Not theirs:
     * NOT_FOUND_ERROR; not public or not answered yet: NO_PERMISSION_ERROR.
     */
    async myResult(p: Principal, id: number): Promise<SurveyResult> {
      const mine = await repo.getMine(db, p.userId, id);
      if (!mine) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      if (!mine.results_public || mine.answered_count === 0) throw new AppError('NO_PERMISSION_ERROR', { field: 'id' });
      const row = onlyRow(await repo.surveyList.rowsOf(db, [id]));
      const s: Survey = { ...row, status: surveyStateAt(row.status, row.endAt), items: (await repo.getItems(db, id)) ?? [] };
      return summary(s, null, none);
    },
  };
}
export type SurveyResultsService = ReturnType<typeof createSurveyResultsService>;
