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
const JOBS_PER_WORKER = 50;

interface Running {
  worker: Worker;
  ready: Promise<void>;
  /** exceljs's temporary sheet files of this worker: removed once the worker has ended, never while it runs. */
  tmpDir: string;
  /** Set when the thread has ended (crash, out of memory, terminate): such a worker is never given a job. */
  exited: boolean;
  /** Jobs done: a worker is replaced after JOBS_PER_WORKER, which also clears files refused reads left behind. */
  jobs: number;
  /** The running job's reaction to the thread ending or failing. */
  onFault?: (e: Error & { code?: string }) => void;
}

let current: Running | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let waiting = 0;
let jobs = 0;

function retire(r: Running): Promise<unknown> {
  if (current === r) current = null;
  return r.worker.terminate();
}

/** The running worker, or a new one; a worker that cannot start is a server fault (500), not the upload's. */
async function startedWorker(): Promise<Running> {
  if (!current || current.exited) {
    const { maxOldGenerationSizeMb, maxYoungGenerationSizeMb } = excelWorkerLimits;
    const tmpDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hanlin-excel-'));
    const worker = new Worker(new URL('./excel-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb, maxYoungGenerationSizeMb },
      env: { ...process.env, TMPDIR: tmpDir },
    });
    worker.unref(); // never keeps the process alive
    const r: Running = { worker, tmpDir, exited: false, jobs: 0, ready: Promise.resolve() };
    // Listeners for the worker's whole life: a thread that fails between jobs is retired, never reused, and
    // its 'error' never reaches the process as an unhandled event.
    worker.on('error', (e: Error) => {
      r.onFault?.(e);
      void retire(r);
    });
    worker.on('exit', () => {
      r.exited = true;
      if (current === r) current = null;
      r.onFault?.(new Error('the Excel worker ended'));
      void fs.rm(tmpDir, { recursive: true, force: true }).catch(() => undefined);
    });
    r.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => settle(new Error('the Excel worker did not start')), START_TIMEOUT_MS);
      const onMessage = (m: { ready?: boolean }) => m?.ready && settle();
      const onExit = (code: number) => settle(new Error(`the Excel worker ended while starting (${code})`));
      function settle(e?: Error) {
        clearTimeout(timer);
        worker.off('message', onMessage).off('exit', onExit);
        if (e) reject(e);
        else resolve();
      }
      worker.on('message', onMessage).on('exit', onExit);
    });
    r.ready.catch(() => void retire(r));
    current = r;
  }
  const r = current;
  await r.ready;
  return r;
}

/** What one try answers: the rows, a refusal (thrown), or AGAIN when the reading failed for a reason not the file's. */
const AGAIN = Symbol('again');

/**
 * Reads an upload: a try that failed for a reason of the machine (a temporary file that could not be
 * written or read, a worker thread that ended other than by running out of memory) or that the reader
 * failed on by itself is tried once more on a new worker; the second such failure refuses the file as
 * unreadable.
 */
async function runJob(layout: ReadLayout, data: Buffer, maxRows: number): Promise<ReadRow[]> {
  clearTimeout(idleTimer);
  try {
    const first = await tryJob(layout, data, maxRows);
    if (first !== AGAIN) return first;
    const second = await tryJob(layout, data, maxRows);
    if (second !== AGAIN) return second;
    throw new ExcelFileError('EXCEL_FORMAT_ERROR');
  } finally {
    idleTimer = setTimeout(() => current && void retire(current), excelWorkerLimits.idleMs).unref();
  }
}

async function tryJob(layout: ReadLayout, data: Buffer, maxRows: number): Promise<ReadRow[] | typeof AGAIN> {
  let r = await startedWorker();
  if (r.exited) r = await startedWorker(); // ended while starting up after its last job
  const { worker } = r;
  try {
    return await new Promise<ReadRow[] | typeof AGAIN>((resolve, reject) => {
      const id = ++jobs;
      const timer = setTimeout(() => fail(new ExcelFileError('FILE_TOO_LARGE')), excelWorkerLimits.timeoutMs);
      const onMessage = (m: {
        id: number;
        rows?: ReadRow[];
        transient?: boolean;
        unexpected?: boolean;
        detail?: string;
        code?: ExcelFileError['code'];
        data?: Record<string, unknown>;
      }) => {
        if (m.id !== id) return;
        detach();
        if (m.rows) return resolve(m.rows);
        // A refused read may still be running in the thread (exceljs stops reading but not its streams): the
        // next upload gets a fresh thread, so nothing of this one can reach it.
        void retire(r);
        // The reader failing by itself (not by a rule) may be the thread's state: once more on a new thread.
        if (m.transient || m.unexpected) {
          // Not the file's fault as far as we know: said in the log (with the reader's own words), then tried again.
          process.emitWarning(`Excel worker: a read failed ${m.transient ? 'on a temporary file' : 'inside the reader'}; trying once more on a new thread`, {
            code: 'HANLIN_EXCEL_RETRY',
            detail: m.detail,
          });
          resolve(AGAIN);
        } else reject(new ExcelFileError(m.code ?? 'EXCEL_FORMAT_ERROR', m.data));
      };
      // Out of memory: the file holds more than a template can. A thread that ended otherwise: try again.
      r.onFault = (e) => (e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? fail(new ExcelFileError('FILE_TOO_LARGE')) : fail(AGAIN));
      function detach() {
        clearTimeout(timer);
        r.onFault = undefined;
        worker.off('message', onMessage);
      }
      function fail(e: ExcelFileError | typeof AGAIN) {
        detach();
        void retire(r);
        if (e === AGAIN) resolve(AGAIN);
        else reject(e);
      }
      worker.on('message', onMessage);
      const job: ExcelJob = { id, layout, data, maxRows };
      worker.postMessage(job);
    });
  } finally {
    if (++r.jobs >= JOBS_PER_WORKER) void retire(r);
  }
}

/** The thread reading uploads now, if any (tests end it to play a crash). */
export function currentExcelWorker(): Worker | undefined {
  return current?.exited ? undefined : current?.worker;
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
  if (current) await retire(current);
}
