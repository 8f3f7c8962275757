import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  LECTURER_IMPORT_REASONS,
  LECTURER_USERNAME_PATTERN,
  type LecturerExportQuery,
  type LecturerImportField,
  type LecturerImportReason,
  type LecturerImportResult,
  builtinTextIn,
  getKnown,
  isOneOf,
  LECTURER_KINDS,
} from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import type { Principal } from '../../platform/auth/principal.js';
import {
  createImportFlow,
  importErrors,
  checkImportOrgs,
  importedOrgId,
  fitsLength,
  layoutReasonText,
  readImportFile,
  writeErrorFile,
  writeExport,
  writeTemplate,
  localTime,
  type ExcelLang,
  type ExcelLocale,
  type Texts,
  type ExcelLayout,
  type ExcelRow,
} from '../../platform/excel.js';
import { lecturers, teacherLevels } from './lecturers.schema.js';
import { findLecturersForExport } from './lecturers.repository.js';

type Row = ExcelRow<LecturerImportField>;

/** The lecturer import template; the export writes the same first columns so it can be re-imported. */
const tx = (zh: string, en: string, pt: string): Texts => ({ 'zh-CN': zh, 'en-US': en, pt });
const KIND_TEXT: Record<'internal' | 'external', Texts> = { internal: tx('内部', 'Internal', 'Interno'), external: tx('外部', 'External', 'Externo') };

export const LECTURER_LAYOUT: ExcelLayout<LecturerImportField> = {
  sheetName: tx('讲师', 'Lecturers', 'Instrutores'),
  marker: 'hanlin:lecturer-import:v1',
  columns: [
    { key: 'realname', header: tx('姓名', 'Name', 'Nome'), width: 16, required: true },
    { key: 'username', header: tx('讲师账号', 'Lecturer account', 'Conta do instrutor'), width: 20, required: true },
    { key: 'email', header: tx('邮箱', 'E-mail', 'E-mail'), width: 28 },
    {
      key: 'kind',
      header: tx('类型(内部/外部)', `Type (${KIND_TEXT.internal['en-US']}/${KIND_TEXT.external['en-US']})`, `Tipo (${KIND_TEXT.internal.pt}/${KIND_TEXT.external.pt})`),
      width: 16,
      required: true,
    },
    { key: 'org', header: tx('所属组织', 'Organization', 'Organização'), width: 24, required: true },
    { key: 'unit', header: tx('单位', 'Employer', 'Empresa'), width: 24 },
    { key: 'title', header: tx('职称', 'Title', 'Título'), width: 16 },
    { key: 'level', header: tx('讲师级别', 'Lecturer level', 'Nível do instrutor'), width: 14 },
    { key: 'fee', header: tx('课酬(元/次)', 'Fee (yuan/session)', 'Honorário (yuan/sessão)'), width: 14 },
    { key: 'introduction', header: tx('简介', 'Introduction', 'Apresentação'), width: 40 },
  ],
};
const EXPORT_HEADERS = [tx('状态', 'Status', 'Status'), tx('认证', 'Certified', 'Certificado'), tx('创建时间', 'Created', 'Criado em')];
const STATUS_TEXT = { normal: tx('正常', 'Active', 'Ativo'), frozen: tx('冻结', 'Frozen', 'Congelado') };
const CERTIFIED_TEXT = { yes: tx('已认证', 'Certified', 'Certificado'), no: tx('未认证', 'Not certified', 'Não certificado') };

/** The kind as written in any of the languages (lower case). */
const KIND: Record<string, 'internal' | 'external'> = Object.fromEntries(
  (['internal', 'external'] as const).flatMap((v) => [[v, v], ...Object.values(KIND_TEXT[v]).map((t) => [t.toLowerCase(), v])]),
);
/** A row for an internal lecturer with an identifier (its account is the user of the same name). */
const isInternal = (r: Row) => !!r.username && KIND[r.kind.toLowerCase()] === 'internal';
/** Yuan with at most two decimals; the column is an integer of fen below 10^8. */
const FEE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;
const emailSchema = z.email();
const INSERT_CHUNK = 1000;
const EXPORT_MAX_ROWS = 100_000;

/** "12.5" → 1250 fen, computed on the digits (no floating point). */
export function yuanToFen(text: string): number {
  const [int, frac = ''] = text.split('.');
  return Number(int) * 100 + Number(frac.padEnd(2, '0'));
}
const fenToYuan = (fen: number) => (fen % 100 === 0 ? String(fen / 100) : (fen / 100).toFixed(2));

export function createLecturersImportService({ db, storage }: { db: Db; storage: Storage }) {
  /** Per-row checks: every reason of every bad row, duplicates inside the file and with existing lecturers. */
  async function validate(p: Principal, rows: Row[]) {
    const { errs, add } = importErrors<LecturerImportField, LecturerImportReason>();
    const length = (r: Row, f: LecturerImportField, max: number, required: boolean, min = 0) => fitsLength(add, r, f, { min, max, required });

    for (const r of rows) {
      length(r, 'realname', 30, true);
      if (length(r, 'username', 20, true, 6) && !LECTURER_USERNAME_PATTERN.test(r.username)) add(r.row, 'username', 'INVALID_FORMAT');
      if (length(r, 'email', 200, false) && !emailSchema.safeParse(r.email).success) add(r.row, 'email', 'INVALID_FORMAT');
      if (!r.kind) add(r.row, 'kind', 'REQUIRED');
      else if (!KIND[r.kind.toLowerCase()]) add(r.row, 'kind', 'INVALID_FORMAT');
      length(r, 'org', 200, true);
      length(r, 'unit', 200, false);
      length(r, 'title', 50, false);
      length(r, 'level', 20, false);
      if (r.fee && !FEE_PATTERN.test(r.fee)) add(r.row, 'fee', 'INVALID_FORMAT');
      length(r, 'introduction', 2000, false);
    }

    // The identifier is unique case-insensitively: inside the file (every later occurrence) and with existing lecturers.
    const seen = new Set<string>();
    for (const r of rows) {
      if (!r.username) continue;
      const k = r.username.toLowerCase();
      if (seen.has(k)) add(r.row, 'username', 'DUPLICATE_IN_FILE');
      seen.add(k);
    }
    const names = [...seen];
    const taken = names.length
      ? new Set(
          (await db.execute<{ v: string }>(sql`select lower(username) as v from lecturers where lower(username) = any(${sql.param(names)}::text[])`)).rows.map((r) => r.v),
        )
      : new Set<string>();
    for (const r of rows) if (r.username && taken.has(r.username.toLowerCase())) add(r.row, 'username', 'DUPLICATE_EXISTING');

    // Organization: code first, then a unique name, inside the caller's data scope only.
    const orgOf = await checkImportOrgs(db, p, rows, 'org', add);

    // Level: the name of an existing teacher level (names are unique case-insensitively).
    const levels = await db.select({ id: teacherLevels.id, name: teacherLevels.name }).from(teacherLevels);
    const levelOf = new Map(levels.map((l) => [l.name.toLowerCase(), l.id]));
    for (const r of rows) if (r.level && r.level.length <= 20 && !levelOf.has(r.level.toLowerCase())) add(r.row, 'level', 'LEVEL_NOT_FOUND');

    // An internal lecturer is the employee with the same user name, when there is one: linked, the
    // lecturer signs in with that account. An account already linked to a lecturer cannot be twice.
    const internalNames = [...new Set(rows.filter(isInternal).map((r) => r.username.toLowerCase()))];
    const accounts = internalNames.length
      ? (
          await db.execute<{ v: string; id: number; linked: boolean }>(sql`
            select lower(u.username) as v, u.id, exists (select 1 from lecturers l where l.user_id = u.id) as linked
              from users u where lower(u.username) = any(${sql.param(internalNames)}::text[])`)
        ).rows
      : [];
    const userOf = new Map(accounts.map((a) => [a.v, a]));
    for (const r of rows) if (isInternal(r) && userOf.get(r.username.toLowerCase())?.linked) add(r.row, 'username', 'USER_ALREADY_LECTURER');

    return { errs, orgOf, levelOf, userOf };
  }

  /** All good rows in one transaction: a failure (e.g. a concurrent duplicate) writes none. */
  async function insertRows(good: Row[], orgOf: Map<string, number | 'ambiguous'>, levelOf: Map<string, number>, userOf: Map<string, { id: number }>) {
    await db.transaction(async (tx) => {
      for (let i = 0; i < good.length; i += INSERT_CHUNK) {
        await tx.insert(lecturers).values(
          good.slice(i, i + INSERT_CHUNK).map((r) => ({
            realname: r.realname,
            username: r.username,
            email: r.email || null,
            kind: KIND[r.kind.toLowerCase()],
            userId: isInternal(r) ? (userOf.get(r.username.toLowerCase())?.id ?? null) : null,
            orgId: importedOrgId(orgOf, r.org),
            unit: r.unit || null,
            title: r.title || null,
            levelId: r.level ? getKnown(levelOf, r.level.toLowerCase(), 'level') : null,
            feeFen: r.fee ? yuanToFen(r.fee) : 0,
            introduction: r.introduction || null,
          })),
        );
      }
    });
  }

  const flow = createImportFlow({
    storage,
    folder: 'lecturers',
    parse: (file) => readImportFile(LECTURER_LAYOUT, file.filename, file.data),
    validate,
    insert: (good, { orgOf, levelOf, userOf }) => insertRows(good, orgOf, levelOf, userOf),
    errorFileRows: (bad, lang) => writeErrorFile(LECTURER_LAYOUT, lang, bad),
    reasonText: layoutReasonText(LECTURER_LAYOUT, LECTURER_IMPORT_REASONS),
  });

  return {
    template: (lang: ExcelLang = 'zh-CN') => writeTemplate(LECTURER_LAYOUT, lang),

    /** `check` validates only; `commit` writes the good rows (refused with bad rows unless skipInvalid). */
    run: (p: Principal, file: { filename: string; data: Buffer }, mode: 'check' | 'commit', skipInvalid: boolean, lang?: ExcelLang): Promise<LecturerImportResult> =>
      flow.run(p, file, mode, skipInvalid, lang),

    /** The error file of the caller's own last checks (keyed by user). */
    errorFile: flow.errorFile,

    /** The list in the caller's language, times in the caller's time zone. */
    async export(p: Principal, q: LecturerExportQuery, { lang, timeZone }: ExcelLocale = { lang: 'zh-CN' }): Promise<Buffer> {
      const rows = await findLecturersForExport(db, p, q, EXPORT_MAX_ROWS);
      return writeExport(
        LECTURER_LAYOUT,
        lang,
        EXPORT_HEADERS.map((h) => h[lang]),
        rows.map((r) => [
          r.realname,
          r.username,
          r.email,
          isOneOf(LECTURER_KINDS, r.kind) ? KIND_TEXT[r.kind][lang] : r.kind,
          builtinTextIn(r.orgName, lang),
          r.unit,
          r.title,
          r.levelName,
          fenToYuan(r.feeFen),
          r.introduction,
          STATUS_TEXT[r.status === 'frozen' ? 'frozen' : 'normal'][lang],
          CERTIFIED_TEXT[r.certified ? 'yes' : 'no'][lang],
          localTime(r.createdAt, timeZone),
        ]),
      );
    },
  };
}
export type LecturersImportService = ReturnType<typeof createLecturersImportService>;
