import type { ExportLocale, TrainClassDisplayState, TrainClassMode, TrainClassRow, TrainClassState } from '@hanlin/shared';
import { localizedXlsx, wallClockTime } from '../../platform/xlsx.js';

/** The Excel file of the class list in the reader's language and time zone (the same words as the web's `trainClasses.*`). */
const TEXT = {
  'zh-CN': {
    title: '培训班列表',
    code: '编号',
    name: '培训班名称',
    org: '主办部门',
    mode: '培训方式',
    startAt: '开始时间',
    endAt: '结束时间',
    enrolEndAt: '报名截止',
    quota: '培训人数',
    headmaster: '班主任',
    state: '状态',
    display: '进行状态',
    modes: { faceToFace: '面授', mixed: '混合式' },
    states: { toPublish: '待发布', published: '已发布', changedToPublish: '已变更待发布', started: '已开始', cancelled: '已取消', completed: '已完成' },
    displays: { notStarted: '未开始', ongoing: '进行中', ended: '已结束', cancelled: '已取消' },
  },
  'en-US': {
    title: 'Training classes',
    code: 'Code',
    name: 'Class name',
    org: 'Host department',
    mode: 'Mode',
    startAt: 'Start',
    endAt: 'End',
    enrolEndAt: 'Enrolment deadline',
    quota: 'Trainees',
    headmaster: 'Class teacher',
    state: 'Status',
    display: 'Progress',
    modes: { faceToFace: 'Face to face', mixed: 'Mixed' },
    states: { toPublish: 'To publish', published: 'Published', changedToPublish: 'Changed, to publish', started: 'Started', cancelled: 'Cancelled', completed: 'Completed' },
    displays: { notStarted: 'Not started', ongoing: 'Ongoing', ended: 'Ended', cancelled: 'Cancelled' },
  },
  pt: {
    title: 'Turmas de formação',
    code: 'Código',
    name: 'Nome da turma',
    org: 'Departamento organizador',
    mode: 'Modalidade',
    startAt: 'Início',
    endAt: 'Fim',
    enrolEndAt: 'Prazo de inscrição',
    quota: 'Formandos',
    headmaster: 'Responsável da turma',
    state: 'Estado',
    display: 'Andamento',
    modes: { faceToFace: 'Presencial', mixed: 'Mista' },
    states: {
      toPublish: 'Por publicar',
      published: 'Publicada',
      changedToPublish: 'Alterada, por publicar',
      started: 'Iniciada',
      cancelled: 'Cancelada',
      completed: 'Concluída',
    },
    displays: { notStarted: 'Não iniciada', ongoing: 'Em curso', ended: 'Terminada', cancelled: 'Cancelada' },
  },
} satisfies Record<
  ExportLocale['lang'],
  Record<string, string | Record<string, string>> & {
    modes: Record<TrainClassMode, string>;
    states: Record<TrainClassState, string>;
    displays: Record<TrainClassDisplayState, string>;
  }
>;
type Words = (typeof TEXT)['zh-CN'];

export function classesWorkbook(locale: ExportLocale, rows: readonly TrainClassRow[]) {
  return localizedXlsx<TrainClassRow, Words>(
    locale,
    TEXT[locale.lang],
    (w) => w.title,
    (w, tz) => [
      { header: w.code, width: 16, value: (r) => r.code },
      { header: w.name, width: 30, value: (r) => r.name },
      { header: w.org, width: 20, value: (r) => r.orgName ?? '' },
      { header: w.mode, width: 12, value: (r) => w.modes[r.mode] },
      { header: w.startAt, width: 18, value: (r) => wallClockTime(r.startAt, tz) },
      { header: w.endAt, width: 18, value: (r) => wallClockTime(r.endAt, tz) },
      { header: w.enrolEndAt, width: 18, value: (r) => wallClockTime(r.enrolEndAt, tz) },
      { header: w.quota, width: 10, value: (r) => r.traineeQuota },
      { header: w.headmaster, width: 14, value: (r) => r.headmasterName ?? '' },
      { header: w.state, width: 16, value: (r) => w.states[r.state] },
      { header: w.display, width: 12, value: (r) => w.displays[r.displayState] },
    ],
    rows,
  );
}
