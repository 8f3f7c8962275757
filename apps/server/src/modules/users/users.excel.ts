import ExcelJS from 'exceljs';
import { CONSTANTS } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { UserKind } from './users.repository.js';

/** Columns of the import template, in order; export writes the same first columns. */
export const IMPORT_COLUMNS = [
  { key: 'username', header: '用户名*', width: 20 },
  { key: 'realname', header: '姓名*', width: 16 },
  { key: 'cardNumber', header: '工号*', width: 18 },
  { key: 'phone', header: '手机号*', width: 16 },
  { key: 'email', header: '邮箱*', width: 28 },
  { key: 'department', header: '部门*', width: 24 },
  { key: 'sex', header: '性别', width: 8 },
  { key: 'englishName', header: '英文名', width: 18 },
  { key: 'post', header: '岗位', width: 18 },
  { key: 'city', header: '城市', width: 14 },
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]['key'];
export type ImportRow = Record<ImportColumn, string> & { row: number };

export const SHEET_NAME = { employee: '用户', student: '学员' } as const;
const META_SHEET = '_hanlin';
const marker = (kind: UserKind) => `hanlin:user-import:v1:${kind}`;
export const REASON_HEADER = '错误原因';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function headersOf(kind: UserKind): string[] {
  return IMPORT_COLUMNS.map((c) => (c.key === 'cardNumber' && kind === 'student' ? '学号*' : c.header));
}

function newBook(kind: UserKind, extraHeaders: string[] = []) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Hanlin';
  const ws = wb.addWorksheet(SHEET_NAME[kind]);
  const headers = [...headersOf(kind), ...extraHeaders];
  ws.columns = headers.map((h, i) => ({ header: h, width: IMPORT_COLUMNS[i]?.width ?? 30 }));
  ws.getRow(1).font = { bold: true };
  // Text format keeps phone numbers and leading zeros as typed.
  for (let i = 1; i <= headers.length; i++) ws.getColumn(i).numFmt = '@';
  const meta = wb.addWorksheet(META_SHEET, { state: 'veryHidden' });
  meta.getCell('A1').value = marker(kind);
  return { wb, ws };
}

export async function buildTemplate(kind: UserKind): Promise<Buffer> {
  const { wb } = newBook(kind);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The bad rows as typed, plus a reason column; the file can be fixed and imported again. */
export async function buildErrorFile(kind: UserKind, rows: { values: ImportRow; reason: string }[]): Promise<Buffer> {
  const { wb, ws } = newBook(kind, [REASON_HEADER]);
  for (const r of rows) ws.addRow([...IMPORT_COLUMNS.map((c) => r.values[c.key]), r.reason]);
  ws.getColumn(IMPORT_COLUMNS.length + 1).font = { color: { argb: 'FFD00000' } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function buildExport(kind: UserKind, extraHeaders: string[], rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Hanlin';
  const ws = wb.addWorksheet(SHEET_NAME[kind]);
  const headers = [...headersOf(kind), ...extraHeaders];
  ws.columns = headers.map((h, i) => ({ header: h, width: IMPORT_COLUMNS[i]?.width ?? 20 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(r);
  const meta = wb.addWorksheet(META_SHEET, { state: 'veryHidden' });
  meta.getCell('A1').value = marker(kind);
  return Buffer.from(await wb.xlsx.writeBuffer());
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
 * Reads an uploaded workbook: suffix, real xlsx, template marker and header, row count.
 * Completely empty rows are skipped; row numbers are those of the sheet.
 */
export async function parseImportFile(kind: UserKind, filename: string, data: Buffer): Promise<ImportRow[]> {
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
  if (!meta || cellText(meta.getCell('A1').value) !== marker(kind)) throw new AppError('EXCEL_TEMPLATE_ERROR', { field: 'file' });
  const ws = wb.worksheets.find((w) => w.name !== META_SHEET);
  if (!ws) throw new AppError('EXCEL_TEMPLATE_ERROR', { field: 'file' });
  const expected = headersOf(kind);
  const header = ws.getRow(1);
  if (expected.some((h, i) => cellText(header.getCell(i + 1).value) !== h)) throw new AppError('EXCEL_TEMPLATE_ERROR', { field: 'file' });

  const rows: ImportRow[] = [];
  let tooMany = false;
  ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1 || tooMany) return;
    const values = {} as ImportRow;
    let any = false;
    IMPORT_COLUMNS.forEach((c, i) => {
      const t = cellText(row.getCell(i + 1).value);
      values[c.key] = t;
      if (t) any = true;
    });
    if (!any) return;
    values.row = rowNumber;
    rows.push(values);
    if (rows.length > IMPORT_MAX_ROWS) tooMany = true;
  });
  if (tooMany) throw new AppError('EXCEL_TOO_MANY_ROWS', { field: 'file', data: { max: IMPORT_MAX_ROWS } });
  if (!rows.length) throw new AppError('EXCEL_EMPTY', { field: 'file' });
  return rows;
}

export const IMPORT_MAX_ROWS = 10_000;

/** `attachment` header with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
