import {
  YEAR_PLAN_BUDGET_ITEMS as FEES,
  type ExportLocale,
  type YearPlanDetail,
  type YearPlanLine,
  type YearPlanRow,
  type YearPlanState,
  type YearPlanType,
} from '@hanlin/shared';
import { localizedXlsx, type XlsxColumn } from '../../platform/xlsx.js';

/**
 * The Excel files of annual plans in the reader's language: one plan (its lines with the budget
 * items, each line's subtotal and a total row) and the year overview (one row per plan, a total
 * row). Amounts are stored in fen and written in yuan (numbers with two decimals).
 */
const TEXT = {
  'zh-CN': {
    plan: '年度计划',
    overview: '年度计划汇总',
    total: '合计',
    month: '月份',
    sessions: '场次',
    trainingType: '培训类型',
    content: '主要内容',
    form: '计划形式',
    days: '天数',
    siteFee: '场地费（元）',
    teacherFee: '讲师课酬（元）',
    textbookFee: '教材费（元）',
    travelFee: '差旅费（元）',
    lineTotal: '小计（元）',
    name: '计划名称',
    org: '部门',
    type: '计划类型',
    totalSessions: '总场次',
    budget: '总预算（元）',
    state: '状态',
    forms: { inside: '内训', outside: '外训' },
    types: { annual: '年度计划', salon: '沙龙', faceToFace: '面授', studyTour: '游学' },
    states: { draft: '草稿', underReview: '审核中', approved: '审核通过', auditFailure: '审核不通过', canResubmit: '可重新提交' },
  },
  'en-US': {
    plan: 'Annual plan',
    overview: 'Annual plans overview',
    total: 'Total',
    month: 'Month',
    sessions: 'Sessions',
    trainingType: 'Training type',
    content: 'Main content',
    form: 'Planned form',
    days: 'Days',
    siteFee: 'Site fee (yuan)',
    teacherFee: 'Teacher remuneration (yuan)',
    textbookFee: 'Textbook cost (yuan)',
    travelFee: 'Travel (yuan)',
    lineTotal: 'Subtotal (yuan)',
    name: 'Plan name',
    org: 'Department',
    type: 'Plan type',
    totalSessions: 'Total sessions',
    budget: 'Total budget (yuan)',
    state: 'Status',
    forms: { inside: 'Inside', outside: 'Outside' },
    types: { annual: 'Annual', salon: 'Salon', faceToFace: 'Face to face', studyTour: 'Study tour' },
    states: { draft: 'Draft', underReview: 'Under review', approved: 'Approved', auditFailure: 'Audit failure', canResubmit: 'Can resubmit' },
  },
  pt: {
    plan: 'Plano anual',
    overview: 'Resumo dos planos anuais',
    total: 'Total',
    month: 'Mês',
    sessions: 'Sessões',
    trainingType: 'Tipo de formação',
    content: 'Conteúdo principal',
    form: 'Forma prevista',
    days: 'Dias',
    siteFee: 'Local (yuan)',
    teacherFee: 'Honorários do formador (yuan)',
    textbookFee: 'Manuais (yuan)',
    travelFee: 'Deslocações (yuan)',
    lineTotal: 'Subtotal (yuan)',
    name: 'Nome do plano',
    org: 'Departamento',
    type: 'Tipo de plano',
    totalSessions: 'Total de sessões',
    budget: 'Orçamento total (yuan)',
    state: 'Estado',
    forms: { inside: 'Interna', outside: 'Externa' },
    types: { annual: 'Anual', salon: 'Salão', faceToFace: 'Presencial', studyTour: 'Visita de estudo' },
    states: { draft: 'Rascunho', underReview: 'Em análise', approved: 'Aprovado', auditFailure: 'Reprovado', canResubmit: 'Pode reenviar' },
  },
} satisfies Record<
  ExportLocale['lang'],
  Record<string, string | Record<string, string>> & {
    forms: Record<YearPlanLine['form'], string>;
    types: Record<YearPlanType, string>;
    states: Record<YearPlanState, string>;
  }
>;
type Words = (typeof TEXT)['zh-CN'];

/** Fen to yuan, a number Excel sums (two decimals, no float noise). */
const yuan = (fen: number) => Math.round(fen) / 100;

/** A line, or the total row (no month: its first cell says "total"). */
type PlanSheetRow = Omit<YearPlanLine, 'id' | 'month' | 'trainingType' | 'content' | 'form' | 'days' | 'actual'> &
  Partial<Pick<YearPlanLine, 'month' | 'trainingType' | 'content' | 'form' | 'days'>>;

const sum = <T>(rows: readonly T[], f: (r: T) => number) => rows.reduce((a, r) => a + f(r), 0);

export function planWorkbook(locale: ExportLocale, plan: YearPlanDetail) {
  const totalRow: PlanSheetRow = {
    sessions: plan.totalSessions,
    siteFee: sum(plan.lines, (l) => l.siteFee),
    teacherFee: sum(plan.lines, (l) => l.teacherFee),
    textbookFee: sum(plan.lines, (l) => l.textbookFee),
    travelFee: sum(plan.lines, (l) => l.travelFee),
    total: plan.totalBudget,
  };
  const rows: PlanSheetRow[] = [...[...plan.lines].sort((a, b) => a.month - b.month), totalRow];
  return localizedXlsx<PlanSheetRow, Words>(
    locale,
    TEXT[locale.lang],
    (w) => `${w.plan}-${plan.name}`,
    (w) => [
      { header: w.month, width: 10, value: (r) => r.month ?? w.total },
      { header: w.sessions, width: 10, value: (r) => r.sessions },
      { header: w.trainingType, value: (r) => r.trainingType ?? '' },
      { header: w.content, width: 36, value: (r) => r.content ?? '' },
      { header: w.form, width: 12, value: (r) => (r.form ? w.forms[r.form] : '') },
      { header: w.days, width: 8, value: (r) => r.days ?? '' },
      ...FEES.map((k): XlsxColumn<PlanSheetRow> => ({ header: w[k], value: (r) => yuan(r[k]) })),
      { header: w.lineTotal, value: (r) => yuan(r.total) },
    ],
    rows,
  );
}

type OverviewRow = Pick<YearPlanRow, 'totalSessions' | 'totalBudget'> & Partial<Pick<YearPlanRow, 'name' | 'orgName' | 'type' | 'state'>>;

export function yearWorkbook(locale: ExportLocale, year: number, plans: readonly YearPlanRow[]) {
  const rows: OverviewRow[] = [...plans, { totalSessions: sum(plans, (p) => p.totalSessions), totalBudget: sum(plans, (p) => p.totalBudget) }];
  return localizedXlsx<OverviewRow, Words>(
    locale,
    TEXT[locale.lang],
    (w) => `${w.overview}-${year}`,
    (w) => [
      { header: w.name, width: 30, value: (r) => r.name ?? w.total },
      { header: w.org, width: 24, value: (r) => r.orgName ?? '' },
      { header: w.type, width: 14, value: (r) => (r.type ? w.types[r.type] : '') },
      { header: w.totalSessions, width: 12, value: (r) => r.totalSessions },
      { header: w.budget, value: (r) => yuan(r.totalBudget) },
      { header: w.state, width: 14, value: (r) => (r.state ? w.states[r.state] : '') },
    ],
    rows,
  );
}
