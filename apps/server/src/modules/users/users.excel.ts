import { readImportFile, writeErrorFile, writeExport, writeTemplate, type ExcelLayout, type ExcelRow } from '../../platform/excel.js';
import type { UserKind } from './users.repository.js';

export { cellText, contentDisposition, IMPORT_MAX_ROWS, REASON_HEADER, XLSX_MIME } from '../../platform/excel.js';

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
export type ImportRow = ExcelRow<ImportColumn>;

export const SHEET_NAME = { employee: '用户', student: '学员' } as const;

export function headersOf(kind: UserKind): string[] {
  return IMPORT_COLUMNS.map((c) => (c.key === 'cardNumber' && kind === 'student' ? '学号*' : c.header));
}

/** The template of one people page: the student page says 学号 and has its own marker. */
function layoutOf(kind: UserKind): ExcelLayout<ImportColumn> {
  const headers = headersOf(kind);
  return {
    sheetName: SHEET_NAME[kind],
    marker: `hanlin:user-import:v1:${kind}`,
    columns: IMPORT_COLUMNS.map((c, i) => ({ key: c.key, header: headers[i]!, width: c.width })),
  };
}

export const buildTemplate = (kind: UserKind): Promise<Buffer> => writeTemplate(layoutOf(kind));

/** The bad rows as typed, plus a reason column; the file can be fixed and imported again. */
export const buildErrorFile = (kind: UserKind, rows: { values: ImportRow; reason: string }[]): Promise<Buffer> => writeErrorFile(layoutOf(kind), rows);

export const buildExport = (kind: UserKind, extraHeaders: string[], rows: (string | number | null)[][]): Promise<Buffer> => writeExport(layoutOf(kind), extraHeaders, rows);

/** Reads an uploaded workbook of this page's template (see readImportFile). */
export const parseImportFile = (kind: UserKind, filename: string, data: Buffer): Promise<ImportRow[]> => readImportFile(layoutOf(kind), filename, data);
