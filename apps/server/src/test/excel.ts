import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call, type Session } from './harness.js';

/** Test helpers of the Excel imports (users, lecturers, ...): uploads as a browser sends them, templates filled in. */

/** A multipart body as a browser sends it: the fields, then the `file` part. */
export function multipartBody(filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----hanlin${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts one file (plus form fields) to an import route as the given session. */
export function uploadFile(app: FastifyInstance, s: Session, url: string, filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const m = multipartBody(filename, data, fields);
  return app.inject({ method: 'POST', url, payload: m.payload, headers: { ...s.headers(), 'content-type': m.contentType } });
}

export async function readBook(payload: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb;
}

/** The downloaded template filled with rows, as a user would do in Excel. */
export async function filledTemplate(app: FastifyInstance, s: Session, templateUrl: string, rows: (string | number | null)[][]) {
  const wb = await readBook((await call(app, s, templateUrl, {})).rawPayload);
  for (const r of rows) wb.worksheets[0]!.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
