import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { checkInflatedSizes, ExcelFileError, isMachineFault, zipEntries } from './excel-zip.js';

/**
 * Reading an uploaded template, row by row (runs in the Excel worker, see excel-queue.ts): the workbook is
 * never built in memory, and reading stops at the first row over the limit.
 */

export const META_SHEET = '_hanlin';

/** What the reader needs of a layout (plain data: it crosses to the worker). */
export interface ReadLayout {
  marker: string;
  /** Each column's accepted headers (one per language); a trailing `*` is not compared. */
  columns: readonly { key: string; headers: readonly string[] }[];
}
export type ReadRow = Record<string, string> & { row: number };

/** Plain text of a cell whatever exceljs made of it (numbers, rich text, links, formulas, dates). */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return !Number.isFinite(v) ? '' : Number.isInteger(v) ? v.toFixed(0) : String(v);
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v && Array.isArray(v.richText))
      return v.richText
        .map((t) => t.text ?? '')
        .join('')
        .trim();
    // A formula counts by its cached result; a file never calculated has none, and the cell is empty.
    if ('formula' in v || 'sharedFormula' in v || 'result' in v) return cellText((v as { result?: ExcelJS.CellValue }).result);
    // A link counts by its text (which may itself be rich text).
    if ('text' in v) return cellText(v.text);
  }
  return ''; // errors (#N/A) and anything unknown: empty, never "[object Object]"
}

/** A header without its required mark. */
const unmarked = (h: string) => h.replace(/\s*\*$/, '').trim();

const templateError = () => new ExcelFileError('EXCEL_TEMPLATE_ERROR');

/** The data sheet: the header first, then non-empty rows until one too many. */
async function readDataSheet(ws: ExcelJS.stream.xlsx.WorksheetReader, layout: ReadLayout, maxRows: number): Promise<ReadRow[]> {
  const rows: ReadRow[] = [];
  let last = 0;
  let header = false;
  for await (const row of ws) {
    // A row without its `r` attribute follows the previous one.
    const number = Number.isFinite(row.number) ? row.number : last + 1;
    last = number;
    if (!header) {
      if (number !== 1 || layout.columns.some((c, i) => !c.headers.map(unmarked).includes(unmarked(cellText(row.getCell(i + 1).value))))) throw templateError();
      header = true;
      continue;
    }
    const values = { row: number } as ReadRow;
    let any = false;
    layout.columns.forEach((c, i) => {
      const t = cellText(row.getCell(i + 1).value);
      values[c.key] = t;
      if (t) any = true;
    });
    if (!any) continue;
    rows.push(values);
    if (rows.length > maxRows) throw new ExcelFileError('EXCEL_TOO_MANY_ROWS', { max: maxRows });
  }
  if (!header) throw templateError();
  return rows;
}

/**
 * Checks that the entries unpack to their declared sizes, then streams the sheets: the template marker
 * (very hidden sheet), the header and the rows of the first other sheet. Completely empty rows are skipped;
 * row numbers are those of the sheet. Throws ExcelFileError.
 */
export async function readLayoutRows(layout: ReadLayout, data: Buffer, maxRows: number): Promise<ReadRow[]> {
  await checkInflatedSizes(data, zipEntries(data));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore', // a link cell then reads as its text
    styles: 'cache', // number formats tell dates
    entries: 'ignore',
  });
  let marker: string | undefined;
  let rows: ReadRow[] | undefined;
  try {
    for await (const ws of reader) {
      const name = 'name' in ws && typeof ws.name === 'string' ? ws.name : undefined;
      if (name === META_SHEET) {
        for await (const row of ws) if (row.number === 1) marker = cellText(row.getCell(1).value);
      } else if (!rows) {
        rows = await readDataSheet(ws, layout, maxRows);
      } else {
        for await (const _row of ws); // other sheets are not read, only passed over
      }
    }
  } catch (e) {
    if (e instanceof ExcelFileError) throw e;
    if (isMachineFault(e)) throw e; // the machine's, not the file's
    throw new ExcelFileError('EXCEL_FORMAT_ERROR', undefined, true, e);
  }
  if (marker !== layout.marker || !rows) throw templateError();
  if (!rows.length) throw new ExcelFileError('EXCEL_EMPTY');
  return rows;
}
