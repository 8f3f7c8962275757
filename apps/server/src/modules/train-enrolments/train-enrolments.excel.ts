import { sql } from 'drizzle-orm';
import { TRAIN_ENROLMENT_IMPORT_REASONS, type TrainEnrolmentExport, type TrainEnrolmentImportReason, type TrainEnrolmentRow, type UserImportResult } from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors.js';
import { pathInScope } from '../../platform/scope.js';
import {
  createImportFlow,
  importErrors,
  layoutReasonText,
  localTime,
  readImportFile,
  writeErrorFile,
  writeExport,
  writeTemplate,
  type ExcelLang,
  type ExcelLayout,
  type ExcelLocale,
  type ExcelRow,
  type Texts,
} from '../../platform/excel.js';
import type { TrainEnrolmentsService } from './train-enrolments.service.js';
import * as repo from './train-enrolments.repository.js';

type Field = 'username' | 'realname';
type Row = ExcelRow<Field>;
const tx = (zh: string, en: string, pt: string): Texts => ({ 'zh-CN': zh, 'en-US': en, pt });

/** The list of a class to import: one person per row, found by user name; the name is only for the reader. */
export const ENROLMENT_LAYOUT: ExcelLayout<Field> = {
  sheetName: tx('报名名单', 'Sign-ups', 'Inscrições'),
  marker: 'hanlin:train-enrolment-import:v1',
  columns: [
    { key: 'username', header: tx('用户名', 'User name', 'Nome de utilizador'), width: 24, required: true },
    { key: 'realname', header: tx('姓名', 'Name', 'Nome'), width: 16 },
  ],
};
const EXPORT_HEADERS = [
  tx('工号', 'Number', 'Número'),
  tx('部门', 'Department', 'Departamento'),
  tx('状态', 'State', 'Estado'),
  tx('来源', 'Source', 'Origem'),
  tx('排队位置', 'Queue position', 'Posição na fila'),
  tx('原因', 'Reason', 'Motivo'),
  tx('报名时间', 'Signed up', 'Inscrito em'),
];
const STATE_TEXT: Record<TrainEnrolmentRow['state'], Texts> = {
  pending: tx('待审批', 'Pending approval', 'A aguardar aprovação'),
  approved: tx('已通过', 'Admitted', 'Admitido'),
  refused: tx('已驳回', 'Refused', 'Recusado'),
  queued: tx('排队中', 'Queued', 'Em fila'),
  cancelled: tx('已取消', 'Cancelled', 'Cancelado'),
};
const SOURCE_TEXT: Record<TrainEnrolmentRow['source'], Texts> = {
  self: tx('自主报名', 'Self sign-up', 'Inscrição própria'),
  admin: tx('管理员添加', 'Added by an administrator', 'Adicionado pelo administrador'),
  import: tx('导入', 'Imported', 'Importado'),
};

export function createTrainEnrolmentsExcel({ db, storage, enrolments }: { db: Db; storage: Storage; enrolments: TrainEnrolmentsService }) {
  /** Per-row checks against the class: the person exists in the caller's scope, once in the file, not signed up already, a seat or the queue. */
  async function validate(p: Principal, classId: number, rows: Row[]) {
    const { errs, add } = importErrors<Field, TrainEnrolmentImportReason>();
    const cls = (
      await db.execute<{ quota: number; queueEnabled: boolean; path: string | null }>(
        sql`select c.trainee_quota as quota, c.queue_enabled as "queueEnabled", o.path from train_classes c left join organizations o on o.id = c.org_id where c.id = ${classId}`,
      )
    ).rows[0];
    if (!cls) throw new AppError('NOT_FOUND_ERROR', { field: 'classId' });
    if (!cls.path || !pathInScope(p, cls.path)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'classId' });
    const names = [...new Set(rows.map((r) => r.username.toLowerCase()).filter(Boolean))];
    const found = names.length
      ? (
          await db.execute<{ v: string; id: number; path: string | null; active: boolean }>(sql`
            select lower(u.username) as v, u.id, o.path,
                   exists (select 1 from train_enrolments e where e.class_id = ${classId} and e.user_id = u.id and e.status in ('pending', 'approved', 'queued')) as active
              from users u left join organizations o on o.id = u.org_id
             where lower(u.username) = any(${sql.param(names)}::text[]) and u.status = 'normal'`)
        ).rows
      : [];
    const userOf = new Map(found.map((u) => [u.v, u]));
    const seen = new Set<string>();
    let free = cls.quota - (await repo.seatCounts(db, classId)).taken;
    for (const r of rows) {
      if (!r.username) {
        add(r.row, 'username', 'REQUIRED');
        continue;
      }
      const k = r.username.toLowerCase();
      const u = userOf.get(k);
      if (seen.has(k)) add(r.row, 'username', 'DUPLICATE_IN_FILE');
      else if (!u || !u.path || !pathInScope(p, u.path)) add(r.row, 'username', 'USER_NOT_FOUND');
      else if (u.active) add(r.row, 'username', 'ALREADY_ENROLLED');
      else if (free <= 0 && !cls.queueEnabled) add(r.row, 'username', 'FULL');
      else free--;
      seen.add(k);
    }
    return { errs, userOf };
  }

  const flowFor = (classId: number) =>
    createImportFlow({
      storage,
      folder: 'train-enrolments',
      parse: (file) => readImportFile(ENROLMENT_LAYOUT, file.filename, file.data),
      validate: (p, rows) => validate(p, classId, rows).then((c) => ({ ...c, p })),
      insert: async (good, { userOf, p }) => {
        await enrolments.enrol(p, { classId, userIds: good.map((r) => userOf.get(r.username.toLowerCase())!.id) }, 'import');
      },
      errorFileRows: (bad, lang) => writeErrorFile(ENROLMENT_LAYOUT, lang, bad),
      reasonText: layoutReasonText(ENROLMENT_LAYOUT, TRAIN_ENROLMENT_IMPORT_REASONS),
    });

  return {
    template: (lang: ExcelLang = 'zh-CN') => writeTemplate(ENROLMENT_LAYOUT, lang),
    run: (
      p: Principal,
      classId: number,
      file: { filename: string; data: Buffer },
      mode: 'check' | 'commit',
      skipInvalid: boolean,
      lang?: ExcelLang,
    ): Promise<UserImportResult> => flowFor(classId).run(p, file, mode, skipInvalid, lang),
    /** The error file of one of the caller's own checks (keyed by user; the class does not matter). */
    errorFile: (p: Principal, id: string) => flowFor(0).errorFile(p, id),

    /** The roster of a class in the caller's language (the first columns re-import). */
    async export(p: Principal, q: TrainEnrolmentExport, { lang, timeZone }: ExcelLocale) {
      const { lang: _l, timeZone: _t, ...filters } = q;
      const rows = await enrolments.rosterRows(p, filters);
      return writeExport(
        ENROLMENT_LAYOUT,
        lang,
        EXPORT_HEADERS.map((h) => h[lang]),
        rows.map((r) => [
          r.username,
          r.realname,
          r.number,
          r.orgName,
          STATE_TEXT[r.state][lang],
          SOURCE_TEXT[r.source][lang],
          r.queuePosition,
          r.reason,
          localTime(new Date(r.createdAt), timeZone),
        ]),
      );
    },
  };
}
export type TrainEnrolmentsExcel = ReturnType<typeof createTrainEnrolmentsExcel>;
