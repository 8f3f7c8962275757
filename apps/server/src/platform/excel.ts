import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { CONSTANTS, getKnown } from '@hanlin/shared';
import { AppError } from './errors.js';
import { META_SHEET, type ReadLayout } from './excel-read.js';
import { readInWorker } from './excel-queue.js';
import { checkZipBomb, ExcelFileError, zipEntries } from './excel-zip.js';
import type { Storage } from './storage.js';
import type { Db } from './db/client.js';
import type { Principal } from './auth/principal.js';
import { requestLang } from './http.js';

/**
 * Excel import/export machinery shared by every module with a template (users, lecturers, ...):
 * a template carries a very hidden marker sheet, imports check suffix, size, format, marker,
 * header and row count, and bad rows come back in an error file with a reason column.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const IMPORT_MAX_ROWS = 10_000;
export { cellText } from './excel-read.js';

/** The interface languages a workbook is written in (the web sends its language as `Accept-Language`). */
export const EXCEL_LANGS = ['zh-CN', 'en-US', 'pt'] as const;
export type ExcelLang = (typeof EXCEL_LANGS)[number];
/** One text in each interface language. */
export type Texts = Readonly<Record<ExcelLang, string>>;

export const REASON_HEADER: Texts = { 'zh-CN': '错误原因', 'en-US': 'Error reason', pt: 'Motivo do erro' };

/** The caller's language from `Accept-Language` (first tag that is one of ours; Chinese by default). */
export function excelLang(acceptLanguage: string | string[] | undefined): ExcelLang {
  return requestLang(acceptLanguage) ?? 'zh-CN';
}

/** The caller's time zone from `X-Time-Zone` (an IANA name the web sends), when it is a real one. */
export function excelTimeZone(header: string | string[] | undefined): string | undefined {
  const zone = Array.isArray(header) ? header[0] : header;
  if (!zone || zone.length > 64) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

/** How a workbook speaks to its reader: language and time zone (default: the server's own). */
export interface ExcelLocale {
  lang: ExcelLang;
  timeZone?: string;
}

/** The language and time zone a request asks its workbooks in. */
export function excelLocaleOf(req: FastifyRequest): ExcelLocale {
  return { lang: excelLang(req.headers['accept-language']), timeZone: excelTimeZone(req.headers['x-time-zone']) };
}

/** A time as the reader's local time, `YYYY-MM-DD HH:mm:ss` (never ISO UTC). */
export function localTime(d: Date | null | undefined, timeZone?: string): string | null {
  if (!d) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export interface ExcelColumn<K extends string = string> {
  key: K;
  header: Texts;
  width: number;
  /** Marked `*` in the header: the import refuses a row without it. */
  required?: boolean;
}

/** One template: its visible sheet, its marker (identifies the template and version) and columns. */
export interface ExcelLayout<K extends string = string> {
  sheetName: Texts;
  marker: string;
  columns: readonly ExcelColumn<K>[];
}

export type ExcelRow<K extends string> = Record<K, string> & { row: number };

/** A column's header in a language, `*` after a required one. */
export const headerText = (c: Pick<ExcelColumn, 'header' | 'required'>, lang: ExcelLang) => `${c.header[lang]}${c.required ? '*' : ''}`;

/** One reason of a bad row in the error file: `邮箱：格式错误`, `E-mail: …`. */
export const reasonLine = (label: string, reason: string, lang: ExcelLang) => `${label}${lang === 'zh-CN' ? '：' : ': '}${reason}`;

/** A column's name in a language, without the required mark (for error reasons). */
export const fieldLabels = <K extends string>(layout: ExcelLayout<K>, lang: ExcelLang) =>
  Object.fromEntries(layout.columns.map((c) => [c.key, c.header[lang].replace(/\s*[(（].*[)）]$/, '')])) as Record<K, string>;

/** A workbook with the layout's header (text-formatted) and marker sheet, plus optional extra columns. */
export function newLayoutBook(layout: ExcelLayout, lang: ExcelLang, extraHeaders: string[] = [], opts: { textFormat?: boolean; extraWidth?: number } = {}) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Hanlin';
  const ws = wb.addWorksheet(layout.sheetName[lang]);
  const headers = [...layout.columns.map((c) => headerText(c, lang)), ...extraHeaders];
  ws.columns = headers.map((h, i) => ({ header: h, width: layout.columns[i]?.width ?? opts.extraWidth ?? 30 }));
  ws.getRow(1).font = { bold: true };
  // Text format keeps phone numbers and leading zeros as typed.
  if (opts.textFormat !== false) for (let i = 1; i <= headers.length; i++) ws.getColumn(i).numFmt = '@';
  const meta = wb.addWorksheet(META_SHEET, { state: 'veryHidden' });
  meta.getCell('A1').value = layout.marker;
  return { wb, ws };
}

/** The workbook as bytes; a failure to write it is the catalogue's EXPORT_FAILED, not a bare 500. */
export async function bookBuffer(wb: Pick<ExcelJS.Workbook, 'xlsx'>): Promise<Buffer> {
  try {
    return Buffer.from(await wb.xlsx.writeBuffer());
  } catch {
    throw new AppError('EXPORT_FAILED');
  }
}

export async function writeTemplate(layout: ExcelLayout, lang: ExcelLang): Promise<Buffer> {
  return bookBuffer(newLayoutBook(layout, lang).wb);
}

/** The bad rows as typed, plus a reason column; the file can be fixed and imported again. */
export async function writeErrorFile<K extends string>(layout: ExcelLayout<K>, lang: ExcelLang, rows: { values: Record<K, string>; reason: string }[]): Promise<Buffer> {
  const { wb, ws } = newLayoutBook(layout, lang, [REASON_HEADER[lang]]);
  for (const r of rows) ws.addRow([...layout.columns.map((c) => r.values[c.key]), r.reason]);
  ws.getColumn(layout.columns.length + 1).font = { color: { argb: 'FFD00000' } };
  return bookBuffer(wb);
}

/** A list export: the template's columns first (so it can be re-imported), then extra columns. */
export async function writeExport(layout: ExcelLayout, lang: ExcelLang, extraHeaders: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const { wb, ws } = newLayoutBook(layout, lang, extraHeaders, { textFormat: false, extraWidth: 20 });
  for (const r of rows) ws.addRow(r);
  return bookBuffer(wb);
}

/** What the reader checks: the marker, and per column its header in any of the languages (a template downloaded in English, filled in by a colleague in Chinese). */
export function readLayoutOf(layout: ExcelLayout): ReadLayout {
  return { marker: layout.marker, columns: layout.columns.map(({ key, header }) => ({ key, headers: EXCEL_LANGS.map((l) => header[l]) })) };
}

/**
 * Reads an uploaded workbook: suffix, size, zip directory (a decompression bomb is refused here, before any
 * unpacking), then in the Excel worker (one upload at a time, off the event loop): real unpacked sizes, template
 * marker and header, rows up to the limit. Completely empty rows are skipped; row numbers are those of the sheet.
 */
export async function readImportFile<K extends string>(layout: ExcelLayout<K>, filename: string, data: Buffer, maxRows = IMPORT_MAX_ROWS): Promise<ExcelRow<K>[]> {
  if (!/\.xlsx$/i.test(filename)) throw new AppError('EXCEL_SUFFIX_ERROR', { field: 'file' });
  if (data.length > CONSTANTS.IMPORT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  try {
    checkZipBomb(zipEntries(data));
    return await readInWorker(readLayoutOf(layout), data, maxRows);
  } catch (e) {
    if (e instanceof ExcelFileError) throw new AppError(e.code, { field: 'file', ...(e.data ? { data: e.data } : {}) });
    throw e;
  }
}

/** `attachment` header with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function streamToBuffer(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c));
  return Buffer.concat(chunks);
}

/** Registers @fastify/multipart in an encapsulated scope (once), limited to one import file. */
export async function registerImportMultipart(scoped: FastifyInstance) {
  if (!scoped.hasContentTypeParser('multipart/form-data')) {
    await scoped.register(multipart, { limits: { fileSize: CONSTANTS.IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12 } });
  }
}

/**
 * Reads the multipart body of an import call: the `file` part plus `mode` and `skipInvalid`,
 * which may also come in the query string (form fields win).
 */
export async function readImportUpload(
  req: FastifyRequest,
  query: { mode: 'check' | 'commit'; skipInvalid?: 'true' | 'false' },
): Promise<{ file: { filename: string; data: Buffer }; mode: 'check' | 'commit'; skipInvalid: boolean }> {
  if (!req.isMultipart()) throw new AppError('PARAMETER_INVALID', { field: 'file' });
  let mode = query.mode;
  let skipInvalid = query.skipInvalid === 'true';
  let file: { filename: string; data: Buffer } | undefined;
  for await (const part of req.parts({ limits: { fileSize: CONSTANTS.IMPORT_MAX_BYTES, files: 1 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      file = { filename: part.filename ?? '', data };
    } else if (part.fieldname === 'mode' && (part.value === 'check' || part.value === 'commit')) {
      mode = part.value;
    } else if (part.fieldname === 'skipInvalid') {
      skipInvalid = part.value === 'true' || part.value === true;
    }
  }
  if (!file) throw new AppError('PARAMETER_INVALID', { field: 'file' });
  return { file, mode, skipInvalid };
}

// ---- The two-step import (check → commit) shared by every module with an import ----

export interface ImportFile {
  filename: string;
  data: Buffer;
}
export interface ImportRowError {
  /** Row number in the sheet (the header is row 1). */
  row: number;
  field: string;
  reason: string;
}
export interface ImportResult {
  total: number;
  valid: number;
  invalid: number;
  /** Rows written (commit mode only). */
  imported: number;
  errors: ImportRowError[];
  /** Id for the error-file download when some rows are bad. */
  errorFileId: string | null;
}
/** What a module's validation found: the reasons of every bad row, keyed by row number, plus what the insert needs. */
export interface ImportChecked {
  errs: Map<number, ImportRowError[]>;
}

const RESPONSE_ERRORS_MAX = 1000;

/** The reasons of bad rows, one per field and row (the first reason of a field wins). */
export function importErrors<F extends string, R extends string>() {
  const errs = new Map<number, ImportRowError[]>();
  const add = (row: number, field: F, reason: R) => {
    const list = errs.get(row) ?? [];
    if (!list.some((e) => e.field === field)) list.push({ row, field, reason });
    errs.set(row, list);
  };
  return { errs, add };
}

/** `reasonText` of an import: the column's label, then the reason, both in the caller's language. */
export const layoutReasonText =
  <K extends string, R extends string>(layout: ExcelLayout<K>, reasons: Readonly<Record<R, Texts>>) =>
  (e: ImportRowError, lang: ExcelLang) =>
    reasonLine(fieldLabels(layout, lang)[e.field as K], reasons[e.reason as R][lang], lang);

/**
 * A text cell against its limits (`min` and `max` characters, `required`): REQUIRED, TOO_LONG or
 * TOO_SHORT added for the row; true when the value is present and fits (further checks may follow).
 */
export function fitsLength<F extends string>(
  add: (row: number, field: F, reason: 'REQUIRED' | 'TOO_LONG' | 'TOO_SHORT') => void,
  r: { row: number } & Record<F, string>,
  field: F,
  limits: { min?: number; max: number; required: boolean },
): boolean {
  const v = r[field];
  if (!v) {
    if (limits.required) add(r.row, field, 'REQUIRED');
    return false;
  }
  if (v.length > limits.max) add(r.row, field, 'TOO_LONG');
  else if (v.length < (limits.min ?? 0)) add(r.row, field, 'TOO_SHORT');
  else return true;
  return false;
}

/**
 * The check/commit run of an import: parse → validate → split good and bad rows → store an error file
 * (bad rows as typed plus a reason column, keyed by the caller) → result. `commit` is refused with bad rows
 * unless skipInvalid and writes the good rows through `insert` (one transaction there: all of them or none).
 * The module keeps its own columns, validation and inserts.
 */
export function createImportFlow<Row extends { row: number }, C extends ImportChecked>(spec: {
  storage: Storage;
  /** Storage folder of the error files, e.g. `users`. */
  folder: string;
  parse: (file: ImportFile) => Promise<Row[]>;
  validate: (p: Principal, rows: Row[]) => Promise<C>;
  insert: (good: Row[], checked: C) => Promise<void>;
  /** Writes the error file (see writeErrorFile). */
  errorFileRows: (bad: { values: Row; reason: string }[], lang: ExcelLang) => Promise<Buffer>;
  /** Text of one reason in the error file, e.g. `邮箱：格式错误`. */
  reasonText: (e: ImportRowError, lang: ExcelLang) => string;
}) {
  const errorKey = (p: Principal, id: string) => `imports/${spec.folder}/${p.userId}/${id}.xlsx`;
  return {
    /** `check` validates only; `commit` writes the good rows (refused with bad rows unless skipInvalid). */
    async run(p: Principal, file: ImportFile, mode: 'check' | 'commit', skipInvalid: boolean, lang: ExcelLang = 'zh-CN'): Promise<ImportResult> {
      const rows = await spec.parse(file);
      const checked = await spec.validate(p, rows);
      const { errs } = checked;
      const bad = rows.filter((r) => errs.has(r.row));
      const good = rows.filter((r) => !errs.has(r.row));
      let errorFileId: string | null = null;
      if (bad.length) {
        errorFileId = crypto.randomUUID();
        const reason = (r: Row) =>
          getKnown(errs, r.row, 'row errors')
            .map((e) => spec.reasonText(e, lang))
            .join(lang === 'zh-CN' ? '；' : '; ');
        await spec.storage.put(
          errorKey(p, errorFileId),
          await spec.errorFileRows(
            bad.map((r) => ({ values: r, reason: reason(r) })),
            lang,
          ),
        );
      }
      const result: ImportResult = {
        total: rows.length,
        valid: good.length,
        invalid: bad.length,
        imported: 0,
        errors: [...errs.values()].flat().slice(0, RESPONSE_ERRORS_MAX),
        errorFileId,
      };
      if (mode === 'check') return result;
      if (bad.length && !skipInvalid) throw new AppError('EXCEL_FORMAT_ERROR', { field: 'file', data: result });
      if (good.length) await spec.insert(good, checked);
      return { ...result, imported: good.length };
    },

    /** The error file of one of the caller's own checks (keyed by user). */
    async errorFile(p: Principal, id: string): Promise<Buffer> {
      const stream = await spec.storage.get(errorKey(p, id));
      if (!stream) throw new AppError('NOT_FOUND_ERROR');
      return streamToBuffer(stream);
    },
  };
}

/**
 * Organizations named in import rows: by code first, then by a unique name, inside the caller's data scope only.
 * Texts with no match are absent from the map; a name shared by several organizations maps to 'ambiguous'.
 */
export async function matchImportOrgs(db: Db, p: Principal, texts: string[]): Promise<Map<string, number | 'ambiguous'>> {
  const patterns = p.scopePaths.map((s) => `${s}%`);
  const orgRows =
    texts.length && patterns.length
      ? (
          await db.execute<{ id: number; name: string; code: string | null }>(sql`
            select id, name, code from organizations
             where (code = any(${sql.param(texts)}::text[]) or name = any(${sql.param(texts)}::text[]))
               and path like any(${sql.param(patterns)}::text[])`)
        ).rows
      : [];
  const orgOf = new Map<string, number | 'ambiguous'>();
  for (const d of texts) {
    const byCode = orgRows.find((o) => o.code === d);
    const byName = orgRows.filter((o) => o.name === d);
    if (byCode) orgOf.set(d, byCode.id);
    else if (byName.length === 1) orgOf.set(d, byName[0].id);
    else if (byName.length > 1) orgOf.set(d, 'ambiguous');
  }
  return orgOf;
}

/**
 * The organization column of import rows (`matchImportOrgs`): ORG_NOT_FOUND for a row naming none in
 * the caller's scope, ORG_AMBIGUOUS for a name several share. Answers the matches, for the insert.
 */
export async function checkImportOrgs<F extends string>(
  db: Db,
  p: Principal,
  rows: ({ row: number } & Record<F, string>)[],
  field: F,
  add: (row: number, field: F, reason: 'ORG_NOT_FOUND' | 'ORG_AMBIGUOUS') => void,
): Promise<Map<string, number | 'ambiguous'>> {
  const orgOf = await matchImportOrgs(db, p, [...new Set(rows.map((r) => r[field]).filter(Boolean))]);
  for (const r of rows) {
    if (!r[field]) continue;
    const hit = orgOf.get(r[field]);
    if (hit === undefined) add(r.row, field, 'ORG_NOT_FOUND');
    else if (hit === 'ambiguous') add(r.row, field, 'ORG_AMBIGUOUS');
  }
  return orgOf;
}

/** The organization id of a row that passed `checkImportOrgs` (found, not ambiguous): another is a fault of the program. */
export function importedOrgId(orgOf: ReadonlyMap<string, number | 'ambiguous'>, name: string): number {
  const id = orgOf.get(name);
  if (typeof id !== 'number') throw new Error(`the organization '${name}' of an imported row was not checked`);
  return id;
}
