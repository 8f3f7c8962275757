import type { ExportLocale, Lang } from '@hanlin/shared';
import { buildXlsx, stampedName, type XlsxColumn } from '../audit/index.js';

/**
 * Excel exports of learning data in the reader's language and time zone: the page sends both
 * (`ExportLocaleSchema`), the file name, the headers and the state words follow the language,
 * times are written as the reader's wall-clock time.
 */
const TEXT = {
  'zh-CN': {
    studyReport: '学习统计',
    personReport: '个人学习报表',
    courseReport: '课程统计',
    courseInfo: '课程学习详情',
    assignProgress: '学习指派进度',
    realname: '姓名',
    username: '用户名',
    org: '组织',
    learning: '学习中课程数',
    passed: '已通过课程数',
    learnedTime: '学习时长',
    credits: '学分',
    lastLearnedAt: '最近学习时间',
    course: '课程',
    required: '必修/选修',
    requiredYes: '必修',
    requiredNo: '选修',
    status: '状态',
    progress: '进度(%)',
    score: '成绩',
    startedAt: '开始学习时间',
    passedAt: '通过时间',
    category: '分类',
    learners: '学习人数',
    passedPeople: '通过人数',
    passRate: '通过率(%)',
    avgTime: '平均学习时长',
    source: '来源',
    self: '自主学习',
    assignment: '学习指派',
    state_learning: '学习中',
    state_passed: '已通过',
    state_none: '未开始',
    done: '是否完成',
    overdue: '是否逾期',
    yes: '是',
    no: '否',
    courseList: '课程列表',
    course_draft: '草稿',
    course_published: '已发布',
    course_unpublished: '已取消发布',
    course_offshelf: '已下架',
    labels: '标签',
    validUntil: '有效期至',
    chapters: '章节数',
    creator: '创建人',
    createdAt: '创建时间',
    publishedAt: '发布时间',
  },
  'en-US': {
    studyReport: 'Study report',
    personReport: 'Personal learning report',
    courseReport: 'Course report',
    courseInfo: 'Course learners',
    assignProgress: 'Assignment progress',
    realname: 'Name',
    username: 'Username',
    org: 'Organization',
    learning: 'Courses in progress',
    passed: 'Courses passed',
    learnedTime: 'Learning time',
    credits: 'Credits',
    lastLearnedAt: 'Last learned',
    course: 'Course',
    required: 'Required/elective',
    requiredYes: 'Required',
    requiredNo: 'Elective',
    status: 'Status',
    progress: 'Progress (%)',
    score: 'Score',
    startedAt: 'Started',
    passedAt: 'Passed at',
    category: 'Category',
    learners: 'Learners',
    passedPeople: 'Passed learners',
    passRate: 'Pass rate (%)',
    avgTime: 'Average learning time',
    source: 'Source',
    self: 'Self-chosen',
    assignment: 'Assignment',
    state_learning: 'Learning',
    state_passed: 'Passed',
    state_none: 'Not started',
    done: 'Completed',
    overdue: 'Overdue',
    yes: 'Yes',
    no: 'No',
    courseList: 'Courses',
    course_draft: 'Draft',
    course_published: 'Published',
    course_unpublished: 'Unpublished',
    course_offshelf: 'Off the shelf',
    labels: 'Labels',
    validUntil: 'Valid until',
    chapters: 'Chapters',
    creator: 'Created by',
    createdAt: 'Created',
    publishedAt: 'Published',
  },
  pt: {
    studyReport: 'Relatório de estudo',
    personReport: 'Relatório individual de aprendizagem',
    courseReport: 'Relatório de cursos',
    courseInfo: 'Alunos do curso',
    assignProgress: 'Progresso da atribuição',
    realname: 'Nome',
    username: 'Usuário',
    org: 'Organização',
    learning: 'Cursos em andamento',
    passed: 'Cursos aprovados',
    learnedTime: 'Tempo de estudo',
    credits: 'Créditos',
    lastLearnedAt: 'Último estudo',
    course: 'Curso',
    required: 'Obrigatório/eletivo',
    requiredYes: 'Obrigatório',
    requiredNo: 'Eletivo',
    status: 'Situação',
    progress: 'Progresso (%)',
    score: 'Nota',
    startedAt: 'Início',
    passedAt: 'Aprovado em',
    category: 'Categoria',
    learners: 'Alunos',
    passedPeople: 'Alunos aprovados',
    passRate: 'Taxa de aprovação (%)',
    avgTime: 'Tempo médio de estudo',
    source: 'Origem',
    self: 'Escolha própria',
    assignment: 'Atribuição',
    state_learning: 'Estudando',
    state_passed: 'Aprovado',
    state_none: 'Não iniciado',
    done: 'Concluído',
    overdue: 'Atrasado',
    yes: 'Sim',
    no: 'Não',
    courseList: 'Cursos',
    course_draft: 'Rascunho',
    course_published: 'Publicado',
    course_unpublished: 'Despublicado',
    course_offshelf: 'Retirado da prateleira',
    labels: 'Etiquetas',
    validUntil: 'Válido até',
    chapters: 'Capítulos',
    creator: 'Criado por',
    createdAt: 'Criado em',
    publishedAt: 'Publicado em',
  },
} as const satisfies Record<Lang, Record<string, string>>;
export type ExportText = (typeof TEXT)['zh-CN'];
export type ExportWords = { readonly [K in keyof ExportText]: string };

export const exportText = (lang: Lang): ExportWords => TEXT[lang];

/** The columns that name the person of a per-person export: name, username, organization. */
export function personColumns<T extends { realname: string; username: string; orgName: string | null }>(w: ExportWords): XlsxColumn<T>[] {
  return [
    { header: w.realname, value: (r) => r.realname },
    { header: w.username, value: (r) => r.username },
    { header: w.org, value: (r) => r.orgName },
  ];
}

/** One formatter per time zone: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** `2026-01-31 09:30` in the reader's time zone; empty for no time. */
export function localTime(value: Date | string | null, timeZone: string): string {
  if (!value) return '';
  const parts = formatterOf(timeZone).formatToParts(new Date(value));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/** Seconds as `h:mm:ss`. */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** A localized export: the workbook and its file name (`<title>-<local date and time>.xlsx`). */
export async function localizedExport<T>(
  locale: ExportLocale,
  title: (w: ExportWords) => string,
  columns: (w: ExportWords, tz: string) => readonly XlsxColumn<T>[],
  rows: readonly T[],
): Promise<{ body: Buffer; fileName: string }> {
  const words = exportText(locale.lang);
  const name = title(words);
  const body = await buildXlsx(name.slice(0, 31), columns(words, locale.timeZone), rows);
  // The stamp in the reader's wall-clock time: shift now by the zone's offset, then format as UTC.
  const now = new Date();
  const wall = new Date(localTime(now, locale.timeZone).replace(' ', 'T') + ':00Z');
  return { body, fileName: stampedName(name, wall) };
}
