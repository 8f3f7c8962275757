import { isAsked, otherPick, type ExportLocale, type ItemAnswer, type Lang, type QuestionnaireItem, type SurveyResult } from '@hanlin/shared';
import { localizedXlsx, wallClockTime, type XlsxColumn } from '../../platform/xlsx.js';
import type { AnswerRecord } from './results.repository.js';

/**
 * The Excel files of a survey's results in the reader's language and time zone: the raw answers
 * (one row per answer, one column per question; an anonymous survey has no person columns and its
 * answers keep only their day) and the summary (one row per option, star value, matrix cell or figure).
 */
const TEXT = {
  'zh-CN': {
    answers: '调查答卷',
    summary: '调查结果汇总',
    submittedAt: '提交时间',
    realname: '姓名',
    username: '用户名',
    org: '组织',
    question: '题目',
    answer: '选项',
    count: '人次',
    percent: '比例(%)',
    value: '数值',
    other: '其他',
    overview: '概况',
    audience: '应答人数',
    respondents: '已答人数',
    rate: '回收率(%)',
    responses: '答卷数',
    answered: '作答人次',
    average: '平均值',
    min: '最小值',
    max: '最大值',
    earliest: '最早',
    latest: '最晚',
  },
  'en-US': {
    answers: 'Survey answers',
    summary: 'Survey summary',
    submittedAt: 'Submitted',
    realname: 'Name',
    username: 'Username',
    org: 'Organization',
    question: 'Question',
    answer: 'Answer',
    count: 'Count',
    percent: 'Share (%)',
    value: 'Value',
    other: 'Other',
    overview: 'Overview',
    audience: 'Audience',
    respondents: 'Respondents',
    rate: 'Response rate (%)',
    responses: 'Answers',
    answered: 'Answered',
    average: 'Average',
    min: 'Minimum',
    max: 'Maximum',
    earliest: 'Earliest',
    latest: 'Latest',
  },
  pt: {
    answers: 'Respostas da pesquisa',
    summary: 'Resumo da pesquisa',
    submittedAt: 'Enviado em',
    realname: 'Nome',
    username: 'Usuário',
    org: 'Organização',
    question: 'Pergunta',
    answer: 'Resposta',
    count: 'Quantidade',
    percent: 'Percentual (%)',
    value: 'Valor',
    other: 'Outro',
    overview: 'Visão geral',
    audience: 'Público',
    respondents: 'Respondentes',
    rate: 'Taxa de resposta (%)',
    responses: 'Respostas',
    answered: 'Responderam',
    average: 'Média',
    min: 'Mínimo',
    max: 'Máximo',
    earliest: 'Mais antiga',
    latest: 'Mais recente',
  },
} as const satisfies Record<Lang, Record<string, string>>;
/** A survey's name in a sheet or file name: without the characters Excel refuses there. */
const safeName = (name: string) => name.replace(/[\\/?*[\]:]/g, '_');
type Words = { readonly [K in keyof (typeof TEXT)['zh-CN']]: string };

/** One answer as a cell: option labels (and the "other" text), matrix `row: column` pairs, the value. */
export function answerText(item: QuestionnaireItem, a: ItemAnswer | undefined, w: Words): string | number | null {
  if (!a) return null;
  if ('picks' in a && (item.kind === 'single' || item.kind === 'multiple')) {
    return a.picks.map((p) => (p === otherPick(item) && item.allowOther ? `${w.other}: ${a.other ?? ''}` : (item.options[p] ?? String(p)))).join('; ');
  }
  if ('rows' in a && item.kind === 'matrix') {
    return a.rows
      .map((c, i) => (c === null ? null : `${item.rows[i] ?? i + 1}: ${item.columns[c] ?? c}`))
      .filter((x) => x !== null)
      .join('; ');
  }
  if ('text' in a) return a.text;
  if ('rating' in a) return a.rating;
  if ('number' in a) return a.number;
  if ('date' in a) return a.date;
  return null;
}

/** The raw answers: submission time (the day, anonymous), the person (named), then one column per question. */
export function exportAnswers(locale: ExportLocale, survey: { name: string; anonymous: boolean; items: QuestionnaireItem[] }, rows: AnswerRecord[]) {
  const asked = survey.items.filter(isAsked);
  return localizedXlsx(
    locale,
    TEXT[locale.lang],
    (w) => `${w.answers}-${safeName(survey.name)}`,
    (w, tz): XlsxColumn<AnswerRecord>[] => [
      { header: w.submittedAt, value: (r) => (survey.anonymous ? new Date(r.submitted_at).toISOString().slice(0, 10) : wallClockTime(r.submitted_at, tz)) },
      ...(survey.anonymous
        ? []
        : [
            { header: w.realname, value: (r: AnswerRecord) => r.realname },
            { header: w.username, value: (r: AnswerRecord) => r.username },
            { header: w.org, value: (r: AnswerRecord) => r.org_name },
          ]),
      ...asked.map((item) => ({ header: item.title, width: 24, value: (r: AnswerRecord) => answerText(item, r.answers[item.key], w) })),
    ],
    rows,
  );
}

type SummaryLine = { question: string; answer: string; count: number | null; percent: number | null; value: number | string | null };

/** The summary's lines: the overview figures, then each question's options, values, cells and figures. */
function summaryLines(result: SurveyResult, w: Words): SummaryLine[] {
  const line = (question: string, answer: string, count: number | null, percent: number | null = null, value: number | string | null = null) => ({
    question,
    answer,
    count,
    percent,
    value,
  });
  const lines: SummaryLine[] = [
    line(w.overview, w.audience, null, null, result.audienceSize),
    line(w.overview, w.respondents, null, null, result.respondents),
    line(w.overview, w.rate, null, null, result.rate),
    line(w.overview, w.responses, null, null, result.responses),
  ];
  for (const item of result.items) {
    if (item.kind === 'section') continue;
    lines.push(line(item.title, w.answered, item.answered));
    switch (item.kind) {
      case 'single':
      case 'multiple':
        for (const o of item.options) lines.push(line(item.title, o.label, o.count, o.percent));
        if (item.other) lines.push(line(item.title, w.other, item.other.count, item.other.percent));
        break;
      case 'rating':
        for (const d of item.distribution) lines.push(line(item.title, `${d.value}★`, d.count, d.percent));
        lines.push(line(item.title, w.average, null, null, item.average));
        break;
      case 'matrix':
        item.rows.forEach((row, i) => item.columns.forEach((col, j) => lines.push(line(item.title, `${row} / ${col}`, item.cells[i]?.[j] ?? 0))));
        break;
      case 'number':
        lines.push(line(item.title, w.average, null, null, item.average), line(item.title, w.min, null, null, item.min), line(item.title, w.max, null, null, item.max));
        break;
      case 'date':
        lines.push(line(item.title, w.earliest, null, null, item.earliest), line(item.title, w.latest, null, null, item.latest));
        break;
    }
  }
  return lines;
}

export function exportSummary(locale: ExportLocale, result: SurveyResult) {
  const w = TEXT[locale.lang];
  return localizedXlsx(
    locale,
    w,
    (x) => `${x.summary}-${safeName(result.name)}`,
    (x): XlsxColumn<SummaryLine>[] => [
      { header: x.question, width: 30, value: (l) => l.question },
      { header: x.answer, width: 24, value: (l) => l.answer },
      { header: x.count, value: (l) => l.count },
      { header: x.percent, value: (l) => l.percent },
      { header: x.value, value: (l) => l.value },
    ],
    summaryLines(result, w),
  );
}
