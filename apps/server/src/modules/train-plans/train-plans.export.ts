import { recordOf, type ExportLocale, type TrainPlanRow, type TrainPlanState, type YearPlanForm } from '@hanlin/shared';
import { localizedXlsx, type XlsxColumn } from '../../platform/xlsx.js';

/**
 * The Excel file of the unplanned plans list in the reader's language: one row per plan with its
 * dates, form, counts and budget items, then a total row. Amounts are stored in fen and written in
 * yuan (numbers Excel sums).
 */
const TEXT = {
  'zh-CN': {
    title: '计划外培训计划',
    total: '合计',
    name: '计划名称',
    org: '部门',
    reason: '培训原因与目的',
    startDate: '开始日期',
    endDate: '结束日期',
    trainingType: '培训类型',
    form: '培训形式',
    days: '天数',
    sessions: '场次',
    trainees: '预计人数',
    siteFee: '场地费（元）',
    teacherFee: '讲师课酬（元）',
    textbookFee: '教材费（元）',
    travelFee: '差旅费（元）',
    totalBudget: '预算合计（元）',
    yearPlan: '所属年度计划',
    state: '状态',
    forms: { inside: '内训', outside: '外训' },
    states: { draft: '草稿', underReview: '审核中', approved: '审核通过', auditFailure: '审核不通过', canResubmit: '可重新提交' },
  },
  'en-US': {
    title: 'Unplanned training plans',
    total: 'Total',
    name: 'Plan name',
    org: 'Department',
    reason: 'Reason and purpose',
    startDate: 'Start date',
    endDate: 'End date',
    trainingType: 'Training type',
    form: 'Form',
    days: 'Days',
    sessions: 'Sessions',
    trainees: 'Expected trainees',
    siteFee: 'Site fee (yuan)',
    teacherFee: 'Teacher remuneration (yuan)',
    textbookFee: 'Textbook cost (yuan)',
    travelFee: 'Travel (yuan)',
    totalBudget: 'Budget total (yuan)',
    yearPlan: 'Annual plan',
    state: 'Status',
    forms: { inside: 'Inside', outside: 'Outside' },
    states: { draft: 'Draft', underReview: 'Under review', approved: 'Approved', auditFailure: 'Audit failure', canResubmit: 'Can resubmit' },
  },
  pt: {
    title: 'Planos de formação não previstos',
    total: 'Total',
    name: 'Nome do plano',
    org: 'Departamento',
    reason: 'Motivo e objetivo',
    startDate: 'Data de início',
    endDate: 'Data de fim',
    trainingType: 'Tipo de formação',
    form: 'Forma',
    days: 'Dias',
    sessions: 'Sessões',
    trainees: 'Formandos previstos',
    siteFee: 'Local (yuan)',
    teacherFee: 'Honorários do formador (yuan)',
    textbookFee: 'Manuais (yuan)',
    travelFee: 'Deslocações (yuan)',
    totalBudget: 'Orçamento total (yuan)',
    yearPlan: 'Plano anual',
    state: 'Estado',
    forms: { inside: 'Interna', outside: 'Externa' },
    states: { draft: 'Rascunho', underReview: 'Em análise', approved: 'Aprovado', auditFailure: 'Reprovado', canResubmit: 'Pode reenviar' },
  },
} satisfies Record<ExportLocale['lang'], Record<string, string | Record<string, string>> & { forms: Record<YearPlanForm, string>; states: Record<TrainPlanState, string> }>;
type Words = (typeof TEXT)['zh-CN'];

/** Fen to yuan, a number Excel sums (two decimals, no float noise). */
const yuan = (fen: number) => Math.round(fen) / 100;
const SUMMED = ['sessions', 'trainees', 'siteFee', 'teacherFee', 'textbookFee', 'travelFee', 'totalBudget'] as const;
type Summed = (typeof SUMMED)[number];

/** A plan, or the total row (no name: its first cell says "total"). */
type SheetRow = Pick<TrainPlanRow, Summed> & Partial<Omit<TrainPlanRow, Summed>>;

export function trainPlanListWorkbook(locale: ExportLocale, plans: readonly TrainPlanRow[]) {
  const total: Pick<TrainPlanRow, Summed> = recordOf(SUMMED, (k) => plans.reduce((n, p) => n + p[k], 0));
  const rows: SheetRow[] = [...plans, total];
  const money = (w: Words, k: 'siteFee' | 'teacherFee' | 'textbookFee' | 'travelFee' | 'totalBudget'): XlsxColumn<SheetRow> => ({
    header: w[k],
    value: (r) => yuan(r[k]),
  });
  return localizedXlsx<SheetRow, Words>(
    locale,
    TEXT[locale.lang],
    (w) => w.title,
    (w) => [
      { header: w.name, width: 30, value: (r) => r.name ?? w.total },
      { header: w.org, width: 24, value: (r) => r.orgName ?? '' },
      { header: w.reason, width: 36, value: (r) => r.reason ?? '' },
      { header: w.startDate, width: 12, value: (r) => r.startDate ?? '' },
      { header: w.endDate, width: 12, value: (r) => r.endDate ?? '' },
      { header: w.trainingType, value: (r) => r.trainingType ?? '' },
      { header: w.form, width: 10, value: (r) => (r.form ? w.forms[r.form] : '') },
      { header: w.days, width: 8, value: (r) => r.days ?? '' },
      { header: w.sessions, width: 8, value: (r) => r.sessions },
      { header: w.trainees, width: 10, value: (r) => r.trainees },
      money(w, 'siteFee'),
      money(w, 'teacherFee'),
      money(w, 'textbookFee'),
      money(w, 'travelFee'),
      money(w, 'totalBudget'),
      { header: w.yearPlan, width: 24, value: (r) => r.yearPlanName ?? '' },
      { header: w.state, width: 14, value: (r) => (r.state ? w.states[r.state] : '') },
    ],
    rows,
  );
}
