import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ReadLayout, ReadRow } from './excel-read.js';
import type { ExcelJob } from './excel-worker.js';
import { ExcelFileError } from './excel-zip.js';

/**
 * Uploaded workbooks are read off the event loop, one at a time per process, in a worker thread with a
 * heap limit: a hostile file costs that thread, never the requests of others or the process. A worker that
 * runs out of memory, throws or overruns is replaced; its upload gets a 4xx refusal.
 */

/** Limits of the worker (tests lower them). */
export const excelWorkerLimits = {
  maxOldGenerationSizeMb: 128,
  maxYoungGenerationSizeMb: 16,
  /** One upload's reading time. */
  timeoutMs: 60_000,
  /** An idle worker ends after this; the next upload starts another (about a second). */
  idleMs: 60_000,
  /** Uploads waiting their turn beyond this are refused (each holds its file in memory). */
  maxWaiting: 20,
};
const START_TIMEOUT_MS = 30_000;

let current: { worker: Worker; ready: Promise<void> } | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;
let jobs = 0;

function retire(worker: Worker): Promise<unknown> {
  if (current?.worker === worker) current = null;
  return worker.terminate();
}

/** The running worker, or a new one; a worker that cannot start is a server fault (500), not the upload's. */
async function startedWorker(): Promise<Worker> {
  if (!current) {
    const { maxOldGenerationSizeMb, maxYoungGenerationSizeMb } = excelWorkerLimits;
    const worker = new Worker(new URL('./excel-worker.mjs', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb, maxYoungGenerationSizeMb } });
    worker.unref(); // never keeps the process alive
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => settle(new Error('the Excel worker did not start')), START_TIMEOUT_MS);
      const onMessage = (m: { ready?: boolean }) => m?.ready && settle();
      const onError = (e: Error) => settle(e);
      const onExit = (code: number) => settle(new Error(`the Excel worker ended while starting (${code})`));
      function settle(e?: Error) {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (e) reject(e);
        else resolve();
      }
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    ready.catch(() => void retire(worker));
    current = { worker, ready };
  }
  const { worker, ready } = current;
  await ready;
  return worker;
}

async function runJob(layout: ReadLayout, data: Buffer, maxRows: number): Promise<ReadRow[]> {
  clearTimeout(idleTimer);
  const worker = await startedWorker();
  const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanlin-excel-'));
  let ended: Promise<unknown> | undefined;
  try {
    return await new Promise<ReadRow[]>((resolve, reject) => {
      const id = ++jobs;
      const timer = setTimeout(() => fail(new ExcelFileError('FILE_TOO_LARGE')), excelWorkerLimits.timeoutMs);
      const onMessage = (m: { id: number; rows?: ReadRow[]; code?: ExcelFileError['code']; data?: Record<string, unknown> }) => {
        if (m.id !== id) return;
        detach();
        if (m.rows) resolve(m.rows);
        else reject(new ExcelFileError(m.code ?? 'EXCEL_FORMAT_ERROR', m.data));
      };
      // Out of memory: the file holds more than a template can; anything else the file broke.
      const onError = (e: Error & { code?: string }) => fail(new ExcelFileError(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'FILE_TOO_LARGE' : 'EXCEL_FORMAT_ERROR'));
      const onExit = () => fail(new ExcelFileError('EXCEL_FORMAT_ERROR'));
      function detach() {
        clearTimeout(timer);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      }
      function fail(e: ExcelFileError) {
        detach();
        ended = retire(worker);
        reject(e);
      }
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      const job: ExcelJob = { id, layout, data, maxRows, tmpDir };
      worker.postMessage(job);
    });
  } finally {
    await ended; // a replaced worker writes no more temporary files
    await fs.rm(tmpDir, { recursive: true, force: true }).catch(() => undefined);
    idleTimer = setTimeout(() => current && void retire(current.worker), excelWorkerLimits.idleMs).unref();
  }
}

/** Reads an upload in the worker once the uploads before it are done. Throws ExcelFileError. */
export function readInWorker(layout: ReadLayout, data: Buffer, maxRows: number): Promise<ReadRow[]> {
  if (waiting >= excelWorkerLimits.maxWaiting) return Promise.reject(new ExcelFileError('TOO_MANY_REQUESTS'));
  waiting++;
  const run = queue.then(() => runJob(layout, data, maxRows)).finally(() => waiting--);
  queue = run.catch(() => undefined);
  return run;
}

/** Ends the worker (tests that change the limits; the next upload starts a new one). */
export async function stopExcelWorker(): Promise<void> {
  await queue;
  clearTimeout(idleTimer);
  if (current) {
    const { worker } = current;
    current = null;
    await worker.terminate();
  }
}
