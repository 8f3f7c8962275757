import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

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
