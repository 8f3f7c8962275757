import { parentPort } from 'node:worker_threads';
import { readLayoutRows, type ReadLayout } from './excel-read.js';
import { ExcelFileError, isMachineFault } from './excel-zip.js';

/** The Excel worker thread (started by excel-queue.ts through excel-worker.mjs): reads one upload at a time. */

export interface ExcelJob {
  id: number;
  layout: ReadLayout;
  data: Uint8Array;
  maxRows: number;
}

const port = parentPort;
if (!port) throw new Error('excel-worker.ts runs as a worker thread (excel-queue.ts starts it)');

// A refused read stops exceljs midway; a temporary-file operation it had started may still fail afterwards with
// nobody left to hear it. Such a file-system error belongs to a finished job: the thread goes on. Anything
// else ends the thread (excel-queue replaces it).
process.on('uncaughtException', (e: Error & { syscall?: string }) => {
  if (typeof e?.syscall === 'string') return;
  throw e;
});
port.on('message', async (job: ExcelJob) => {
  try {
    const rows = await readLayoutRows(job.layout, Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength), job.maxRows);
    port.postMessage({ id: job.id, rows });
  } catch (e) {
    if (isMachineFault(e)) {
      // A temporary file failed: the machine's fault, not the file's; the queue tries again on a new thread.
      port.postMessage({ id: job.id, transient: true });
      return;
    }
    const refusal = e instanceof ExcelFileError ? e : new ExcelFileError('EXCEL_FORMAT_ERROR', undefined, true, e);
    // The reader's own failure travels with its message, so the log says why a file was refused as unreadable.
    const cause: unknown = refusal.cause ?? e;
    const detail = refusal.unexpected ? (cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)) : undefined;
    port.postMessage({ id: job.id, code: refusal.code, data: refusal.data, unexpected: refusal.unexpected === true, detail });
  }
});
port.postMessage({ ready: true });
