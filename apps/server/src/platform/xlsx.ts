import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { ExportLocale } from '@hanlin/shared';

export interface XlsxColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | null;
}

/** One-sheet workbook with a bold header row. */
export async function buildXlsx<T>(sheetName: string, columns: readonly XlsxColumn<T>[], rows: readonly T[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(columns.map((c) => c.value(r)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Sends a download whose file name survives non-ASCII characters (RFC 6266 / 5987). */
export function sendXlsx(reply: FastifyReply, body: Buffer, fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(body);
}

/** `name-20250131-0930.xlsx` in UTC. */
export function stampedName(base: string, now = new Date()) {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${base}-${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}-${p(now.getUTCHours())}${p(now.getUTCMinutes())}.xlsx`;
}

/** One formatter per time zone: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, f);
  }
  return f;
}

/** `2026-01-31 09:30` in the reader's time zone; empty for no time. */
export function wallClockTime(value: Date | string | null, timeZone: string): string {
  if (!value) return '';
  const parts = formatterOf(timeZone).formatToParts(new Date(value));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/**
 * A localized export: the workbook and its file name (`<title>-<local date and time>.xlsx`), in
 * the reader's words (`words`, a module's catalogue) and time zone.
 */
export async function localizedXlsx<T, W>(
  locale: ExportLocale,
  words: W,
  title: (w: W) => string,
  columns: (w: W, tz: string) => readonly XlsxColumn<T>[],
  rows: readonly T[],
): Promise<{ body: Buffer; fileName: string }> {
  const name = title(words);
  const body = await buildXlsx(name.slice(0, 31), columns(words, locale.timeZone), rows);
  // The stamp in the reader's wall-clock time: shift now by the zone's offset, then format as UTC.
  const now = new Date();
  const wall = new Date(wallClockTime(now, locale.timeZone).replace(' ', 'T') + ':00Z');
  return { body, fileName: stampedName(name, wall) };
}
