import { parentPort } from 'node:worker_threads';
import { readLayoutRows, type ReadLayout } from './excel-read.js';
import { ExcelFileError } from './excel-zip.js';

/** The Excel worker thread (started by excel-queue.ts through excel-worker.mjs): reads one upload at a time. */

export interface ExcelJob {
  id: number;
  layout: ReadLayout;
  data: Uint8Array;
  maxRows: number;
  /** A fresh folder for exceljs's temporary sheet files, removed by the main thread after the job. */
  tmpDir: string;
}

const port = parentPort!;
port.on('message', async (job: ExcelJob) => {
  // The worker's environment is its own copy: this only moves the worker's temporary files.
  process.env.TMPDIR = job.tmpDir;
  try {
    const rows = await readLayoutRows(job.layout, Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength), job.maxRows);
    port.postMessage({ id: job.id, rows });
  } catch (e) {
    const refusal = e instanceof ExcelFileError ? e : new ExcelFileError('EXCEL_FORMAT_ERROR');
    port.postMessage({ id: job.id, code: refusal.code, data: refusal.data });
  }
});
port.postMessage({ ready: true });
