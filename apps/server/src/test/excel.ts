import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call, type Session } from './harness.js';
import { buildZip } from './scorm.js';

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

/** Posts one file (plus form fields) as the given session (none: anonymous), as a browser's form does. */
export function uploadFile(app: FastifyInstance, s: Session | null, url: string, filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const m = multipartBody(filename, data, fields);
  return app.inject({ method: 'POST', url, payload: m.payload, headers: { ...(s ? s.headers() : {}), 'content-type': m.contentType } });
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

/**
 * A zip written by hand (deflate, no data descriptors), so a test can build archives that Excel never would:
 * `declaredSize` writes a false uncompressed size into both headers.
 */
export function zipFiles(files: { name: string; data: Buffer; declaredSize?: number }[], level = 6): Buffer {
  return buildZip(files.map((f) => ({ ...f, deflate: true, level })));
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The smallest workbook Excel readers accept: one sheet whose `<sheetData>` content is given, plus optional shared strings. */
export function minimalXlsx(sheetData: string | Buffer, opts: { sharedStrings?: Buffer; declaredSheetSize?: number; level?: number } = {}): Buffer {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  const sheet = Buffer.concat([
    xml(`<worksheet xmlns="${NS}"><sheetData>`),
    Buffer.isBuffer(sheetData) ? sheetData : Buffer.from(sheetData),
    Buffer.from('</sheetData></worksheet>'),
  ]);
  const files = [
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    { name: 'xl/workbook.xml', data: xml(`<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`) },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>${opts.sharedStrings ? `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
      ),
    },
    ...(opts.sharedStrings ? [{ name: 'xl/sharedStrings.xml', data: Buffer.concat([xml(`<sst xmlns="${NS}">`), opts.sharedStrings, Buffer.from('</sst>')]) }] : []),
    { name: 'xl/worksheets/sheet1.xml', data: sheet, declaredSize: opts.declaredSheetSize },
  ];
  return zipFiles(files, opts.level);
}

/** A million rows without `r` attributes: about 140 KB packed, 50 MB unpacked (~340:1). */
export function millionRowBomb(): Buffer {
  return minimalXlsx(Buffer.from('<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(1_000_000)));
}

/** One cell holding `mb` megabytes of letters in runs: packs about 12:1 like real sheets, but is one huge string. */
export function hugeCellXlsx(mb: number): Buffer {
  const text = Buffer.alloc(mb * 1024 * 1024);
  for (let at = 0, i = 0; at < text.length; i++) {
    const len = 1 + ((i * 7919) % 61);
    text.fill(97 + ((i * 31) % 26), at, Math.min(at + len, text.length));
    at += len;
  }
  return minimalXlsx(Buffer.concat([Buffer.from('<row r="1"><c r="A1" t="inlineStr"><is><t>'), text, Buffer.from('</t></is></c></row>')]), { level: 1 });
}

/**
 * Calls `/api/health` every 10 ms until `done` settles; the slowest gap between two answers (less the pause) is how
 * long a caller could have waited, event-loop stalls included.
 */
export async function slowestHealth(app: FastifyInstance, done: Promise<unknown>): Promise<{ slowest: number; polls: number }> {
  let finished = false;
  void done.then(
    () => (finished = true),
    () => (finished = true),
  );
  let slowest = 0;
  let polls = 0;
  let last = performance.now();
  while (!finished) {
    await new Promise((r) => setTimeout(r, 10));
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    if (res.statusCode !== 200) throw new Error(`health answered ${res.statusCode}`);
    const now = performance.now();
    slowest = Math.max(slowest, now - last - 10);
    last = now;
    polls++;
  }
  return { slowest, polls };
}
