import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import ExcelJS from 'exceljs';
import { CONSTANTS } from '@hanlin/shared';
import { AppError } from './errors.js';

/**
 * Excel import/export machinery shared by every module with a template (users, lecturers, ...):
 * a template carries a very hidden marker sheet, imports check suffix, size, format, marker,
 * header and row count, and bad rows come back in an error file with a reason column.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const IMPORT_MAX_ROWS = 10_000;
export const REASON_HEADER = '错误原因';
const META_SHEET = '_hanlin';

export interface ExcelColumn<K extends string = string> {
  key: K;
  header: string;
  width: number;
}

/** One template: its visible sheet, its marker (identifies the template and version) and columns. */
export interface ExcelLayout<K extends string = string> {
  sheetName: string;
  marker: string;
  columns: readonly ExcelColumn<K>[];
}

export type ExcelRow<K extends string> = Record<K, string> & { row: number };

/** A workbook with the layout's header (text-formatted) and marker sheet, plus optional extra columns. */
export function newLayoutBook(layout: ExcelLayout, extraHeaders: string[] = [], opts: { textFormat?: boolean; extraWidth?: number } = {}) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Hanlin';
  const ws = wb.addWorksheet(layout.sheetName);
  const headers = [...layout.columns.map((c) => c.header), ...extraHeaders];
  ws.columns = headers.map((h, i) => ({ header: h, width: layout.columns[i]?.width ?? opts.extraWidth ?? 30 }));
  ws.getRow(1).font = { bold: true };
  // Text format keeps phone numbers and leading zeros as typed.
  if (opts.textFormat !== false) for (let i = 1; i <= headers.length; i++) ws.getColumn(i).numFmt = '@';
  const meta = wb.addWorksheet(META_SHEET, { state: 'veryHidden' });
  meta.getCell('A1').value = layout.marker;
  return { wb, ws };
}

export async function bookBuffer(wb: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function writeTemplate(layout: ExcelLayout): Promise<Buffer> {
  return bookBuffer(newLayoutBook(layout).wb);
}

/** The bad rows as typed, plus a reason column; the file can be fixed and imported again. */
export async function writeErrorFile<K extends string>(layout: ExcelLayout<K>, rows: { values: Record<K, string>; reason: string }[]): Promise<Buffer> {
  const { wb, ws } = newLayoutBook(layout, [REASON_HEADER]);
  for (const r of rows) ws.addRow([...layout.columns.map((c) => r.values[c.key]), r.reason]);
  ws.getColumn(layout.columns.length + 1).font = { color: { argb: 'FFD00000' } };
  return bookBuffer(wb);
}

/** A list export: the template's columns first (so it can be re-imported), then extra columns. */
export async function writeExport(layout: ExcelLayout, extraHeaders: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const { wb, ws } = newLayoutBook(layout, extraHeaders, { textFormat: false, extraWidth: 20 });
  for (const r of rows) ws.addRow(r);
  return bookBuffer(wb);
}

/** Plain text of a cell whatever exceljs made of it (numbers, rich text, links, formulas, dates). */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText)) return v.richText.map((t) => t.text).join('').trim();
    if ('text' in v && typeof v.text === 'string') return v.text.trim();
    if ('result' in v) return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('error' in v) return '';
  }
  return String(v).trim();
}

/**
 * Reads an uploaded workbook: suffix, size, real xlsx, template marker and header, row count.
 * Completely empty rows are skipped; row numbers are those of the sheet.
 */
export async function readImportFile<K extends string>(layout: ExcelLayout<K>, filename: string, data: Buffer, maxRows = IMPORT_MAX_ROWS): Promise<ExcelRow<K>[]> {
  if (!/\.xlsx$/i.test(filename)) throw new AppError('EXCEL_SUFFIX_ERROR', { field: 'file' });
  if (data.length > CONSTANTS.IMPORT_MAX_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  const wb = new ExcelJS.Workbook();
  try {
    // A zip signature first: exceljs would otherwise spend time on arbitrary bytes.
    if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw new Error('not a zip');
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new AppError('EXCEL_FORMAT_ERROR', { field: 'file' });
  }
  const meta = wb.getWorksheet(META_SHEET);
  if (!meta || cellText(meta.getCell('A1').value) !== layout.marker) throw new AppError('EXCEL_TEMPLATE_ERROR', { field: 'file' });
  const ws = wb.worksheets.find((w) => w.name !== META_SHEET);
  if (!ws) throw new AppError('EXCEL_TEMPLATE_ERROR', { field: 'file' });
  const header = ws.getRow(1);
  if (layout.columns.some((c, i) => cellText(header.getCell(i + 1).value) !== c.header)) throw new AppError('EXCEL_TEMPLATE_ERROR', { field: 'file' });

  const rows: ExcelRow<K>[] = [];
  let tooMany = false;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1 || tooMany) return;
    const values = {} as ExcelRow<K>;
    let any = false;
    layout.columns.forEach((c, i) => {
      const t = cellText(row.getCell(i + 1).value);
      (values as Record<string, string>)[c.key] = t;
      if (t) any = true;
    });
    if (!any) return;
    values.row = rowNumber;
    rows.push(values);
    if (rows.length > maxRows) tooMany = true;
  });
  if (tooMany) throw new AppError('EXCEL_TOO_MANY_ROWS', { field: 'file', data: { max: maxRows } });
  if (!rows.length) throw new AppError('EXCEL_EMPTY', { field: 'file' });
  return rows;
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
