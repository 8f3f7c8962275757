import { sql } from 'drizzle-orm';
import {
  ATTENDANCE_IMPORT_REASONS,
  ATTENDANCE_SHEET_LIFECYCLE,
  ATTENDANCE_STATUSES,
  builtinTextIn,
  type AttendanceImportField,
  type AttendanceImportReason,
  type AttendanceStatus,
  type UserImportResult,
} from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors.js';
import {
  createImportFlow,
  fitsLength,
  importErrors,
  layoutReasonText,
  readImportFile,
  writeErrorFile,
  writeExport,
  writeTemplate,
  type ExcelLang,
  type ExcelLayout,
  type ExcelRow,
  type Texts,
} from '../../platform/excel.js';
import * as repo from './train-attendance.repository.js';
import { statsOf, type TrainAttendanceService } from './train-attendance.service.js';

type Row = ExcelRow<AttendanceImportField>;
const tx = (zh: string, en: string, pt: string): Texts => ({ 'zh-CN': zh, 'en-US': en, pt });

export const STATUS_TEXT: Record<AttendanceStatus, Texts> = {
  present: tx('出勤', 'Present', 'Presente'),
  late: tx('迟到', 'Late', 'Atrasado'),
  absent: tx('缺勤', 'Absent', 'Ausente'),
  leave: tx('请假', 'Leave', 'Licença'),
};
/** A status as written in any language, or its key (lower case). */
const STATUS: Record<string, AttendanceStatus> = Object.fromEntries(
  ATTENDANCE_STATUSES.flatMap((s) => [[s, s], ...Object.values(STATUS_TEXT[s]).map((t) => [t.toLowerCase(), s])]),
);

/** One row per trainee and stage: the account, the stage (its name or its number in the class) and the status. */
export const ATTENDANCE_LAYOUT: ExcelLayout<AttendanceImportField> = {
  sheetName: tx('考勤', 'Attendance', 'Presença'),
  marker: 'hanlin:attendance-import:v1',
  columns: [
    { key: 'username', header: tx('学员账号', 'Trainee account', 'Conta do formando'), width: 20, required: true },
    { key: 'realname', header: tx('姓名', 'Name', 'Nome'), width: 16 },
    { key: 'stage', header: tx('阶段(名称或序号)', 'Stage (name or number)', 'Etapa (nome ou número)'), width: 28, required: true },
    {
      key: 'status',
      header: tx('考勤状态(出勤/迟到/缺勤/请假)', 'Status (present/late/absent/leave)', 'Status (presente/atrasado/ausente/licença)'),
      width: 30,
      required: true,
    },
  ],
};

const STATS_LAYOUT: ExcelLayout<'realname' | 'username' | 'org' | 'attended' | 'total' | 'rate'> = {
  sheetName: tx('考勤统计', 'Attendance statistics', 'Estatísticas de presença'),
  marker: 'hanlin:attendance-stats:v1',
  columns: [
    { key: 'realname', header: tx('姓名', 'Name', 'Nome'), width: 16 },
    { key: 'username', header: tx('学员账号', 'Trainee account', 'Conta do formando'), width: 20 },
    { key: 'org', header: tx('组织', 'Organization', 'Organização'), width: 24 },
    { key: 'attended', header: tx('出勤阶段数', 'Stages attended', 'Etapas presentes'), width: 12 },
    { key: 'total', header: tx('阶段总数', 'Stages', 'Etapas'), width: 10 },
    { key: 'rate', header: tx('出勤率', 'Attendance rate', 'Taxa de presença'), width: 12 },
  ],
};

export function createAttendanceExcel({ db, storage, service }: { db: Db; storage: Storage; service: TrainAttendanceService }) {
  /** The flow of one class (its stages and trainees decide the rows) run by `by`; error files are the caller's own, per user. */
  const flowOf = (classId: number, by: number) =>
    createImportFlow({
      storage,
      folder: 'train-attendance',
      parse: (file) => readImportFile(ATTENDANCE_LAYOUT, file.filename, file.data),
      async validate(_p: Principal, rows: Row[]) {
        const { errs, add } = importErrors<AttendanceImportField, AttendanceImportReason>();
        const stages = await repo.stagesOf(db, classId);
        const stageOf = new Map<string, number>();
        stages.forEach((s, i) => {
          stageOf.set(String(i + 1), s.id);
          stageOf.set(s.name.trim().toLowerCase(), s.id);
        });
        const admitted = new Set((await repo.traineesOf(db, classId)).map((t) => t.userId));
        const names = [...new Set(rows.map((r) => r.username.toLowerCase()).filter(Boolean))];
        const accounts = names.length
          ? (await db.execute<{ v: string; id: number }>(sql`select lower(username) as v, id from users where lower(username) = any(${sql.param(names)}::text[])`)).rows
          : [];
        const userOf = new Map(accounts.map((a) => [a.v, a.id]));
        const seen = new Set<string>();
        for (const r of rows) {
          if (fitsLength(add, r, 'username', { max: 200, required: true })) {
            const id = userOf.get(r.username.toLowerCase());
            if (id === undefined) add(r.row, 'username', 'USER_NOT_FOUND');
            else if (!admitted.has(id)) add(r.row, 'username', 'NOT_ADMITTED');
          }
          if (fitsLength(add, r, 'stage', { max: 200, required: true }) && !stageOf.has(r.stage.trim().toLowerCase())) add(r.row, 'stage', 'STAGE_NOT_FOUND');
          if (!r.status) add(r.row, 'status', 'REQUIRED');
          else if (!STATUS[r.status.trim().toLowerCase()]) add(r.row, 'status', 'STATUS_INVALID');
          const k = `${r.username.toLowerCase()}|${stageOf.get(r.stage.trim().toLowerCase())}`;
          if (r.username && stageOf.has(r.stage.trim().toLowerCase())) {
            if (seen.has(k)) add(r.row, 'stage', 'DUPLICATE_IN_FILE');
            seen.add(k);
          }
        }
        return { errs, userOf, stageOf };
      },
      async insert(good, { userOf, stageOf }) {
        await db.transaction(async (t) => {
          // The sheet may have been submitted since the check: the write is refused then.
          const sheet = await repo.lockSheet(t, classId);
          if (!ATTENDANCE_SHEET_LIFECYCLE.canEdit(sheet.status)) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
          const entries = good.map((r) => ({
            userId: userOf.get(r.username.toLowerCase())!,
            stageId: stageOf.get(r.stage.trim().toLowerCase())!,
            status: STATUS[r.status.trim().toLowerCase()]!,
          }));
          await repo.upsertEntries(t, classId, entries, 'import', by);
        });
      },
      errorFileRows: (bad, lang) => writeErrorFile(ATTENDANCE_LAYOUT, lang, bad),
      reasonText: layoutReasonText(ATTENDANCE_LAYOUT, ATTENDANCE_IMPORT_REASONS),
    });
  return {
    template: (lang: ExcelLang = 'zh-CN') => writeTemplate(ATTENDANCE_LAYOUT, lang),

    /** The caller keeps the class and its sheet is editable; `check` validates, `commit` writes the good rows. */
    async run(
      p: Principal,
      classId: number,
      file: { filename: string; data: Buffer },
      mode: 'check' | 'commit',
      skipInvalid: boolean,
      lang?: ExcelLang,
    ): Promise<UserImportResult> {
      const sheet = await service.sheet(p, classId);
      if (!sheet.abilities.modify) throw new AppError('STATE_TRANSITION_INVALID', { field: 'state' });
      return flowOf(classId, p.userId).run(p, file, mode, skipInvalid, lang);
    },

    errorFile: (p: Principal, id: string) => flowOf(0, p.userId).errorFile(p, id),

    /** Per trainee: each stage's status, then attended, total and rate; in the caller's language. */
    async export(p: Principal, classId: number, lang: ExcelLang = 'zh-CN'): Promise<Buffer> {
      const sheet = await service.sheet(p, classId);
      const stats = await statsOf(db, classId);
      const statusOf = new Map(sheet.records.map((r) => [`${r.stageId}:${r.userId}`, r.status]));
      return writeExport(
        STATS_LAYOUT,
        lang,
        sheet.stages.map((s) => s.name),
        stats.people.map((person) => [
          person.realname,
          person.username,
          person.orgName === null ? '' : builtinTextIn(person.orgName, lang),
          person.attended,
          person.total,
          `${Math.round(person.rate * 1000) / 10}%`,
          ...sheet.stages.map((s) => {
            const st = statusOf.get(`${s.id}:${person.userId}`);
            return st ? STATUS_TEXT[st][lang] : '';
          }),
        ]),
      );
    },
  };
}
export type AttendanceExcel = ReturnType<typeof createAttendanceExcel>;
