import type { ExportLocale, TrainCourseRow, TrainCourseState } from '@hanlin/shared';
import { localizedXlsx, wallClockTime } from '../../platform/xlsx.js';

/** The Excel file of the face-to-face course list, in the reader's language and time zone. */
const TEXT = {
  'zh-CN': {
    title: '面授课程',
    name: '课程名称',
    category: '课程分类',
    hours: '课时',
    lecturers: '讲师',
    audience: '培训对象',
    status: '状态',
    org: '所属组织',
    creator: '创建人',
    createdAt: '创建时间',
    states: { enabled: '启用', disabled: '停用' },
  },
  'en-US': {
    title: 'Face-to-face courses',
    name: 'Course name',
    category: 'Classification',
    hours: 'Class hours',
    lecturers: 'Lecturers',
    audience: 'Target audience',
    status: 'Status',
    org: 'Organization',
    creator: 'Created by',
    createdAt: 'Created at',
    states: { enabled: 'Enabled', disabled: 'Disabled' },
  },
  pt: {
    title: 'Cursos presenciais',
    name: 'Nome do curso',
    category: 'Classificação',
    hours: 'Horas-aula',
    lecturers: 'Instrutores',
    audience: 'Público-alvo',
    status: 'Estado',
    org: 'Organização',
    creator: 'Criado por',
    createdAt: 'Criado em',
    states: { enabled: 'Ativo', disabled: 'Inativo' },
  },
} satisfies Record<ExportLocale['lang'], Record<string, string | Record<string, string>> & { states: Record<TrainCourseState, string> }>;
type Words = (typeof TEXT)['zh-CN'];

export function trainCourseWorkbook(locale: ExportLocale, rows: readonly TrainCourseRow[]) {
  return localizedXlsx<TrainCourseRow, Words>(
    locale,
    TEXT[locale.lang],
    (w) => w.title,
    (w, tz) => [
      { header: w.name, width: 36, value: (r) => r.name },
      { header: w.category, width: 20, value: (r) => r.categoryName ?? '' },
      { header: w.hours, width: 10, value: (r) => r.hours },
      { header: w.lecturers, width: 28, value: (r) => r.lecturers.map((l) => l.name).join(', ') },
      { header: w.audience, width: 30, value: (r) => r.audience },
      { header: w.status, width: 10, value: (r) => w.states[r.status] },
      { header: w.org, width: 20, value: (r) => r.orgName ?? '' },
      { header: w.creator, width: 14, value: (r) => r.creatorName ?? '' },
      { header: w.createdAt, width: 18, value: (r) => wallClockTime(r.createdAt, tz) },
    ],
    rows,
  );
}
