import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bookBuffer, newLayoutBook, readLayoutOf, type ExcelLayout } from './excel.js';
import { currentExcelWorker, readInWorker, stopExcelWorker } from './excel-queue.js';
import { ExcelFileError } from './excel-zip.js';

const same = (t: string) => ({ 'zh-CN': t, 'en-US': t, pt: t });
const layout: ExcelLayout = {
  marker: 'queue-test',
  sheetName: same('rows'),
  columns: [
    { key: 'a', header: same('A'), width: 10, required: true },
    { key: 'b', header: same('B'), width: 10 },
  ],
};

async function code(p: Promise<unknown>) {
  try {
    await p;
    return 'ok';
  } catch (e) {
    return e instanceof ExcelFileError ? e.code : String(e);
  }
}

afterAll(() => stopExcelWorker());

describe('the Excel worker queue', () => {
  // A refusal stops exceljs midway while it still writes or opens temporary sheet files; those late file
  // operations must neither kill the worker under the next upload nor surface as an uncaught error.
  it('answers every upload of a burst of refusals and good files with its own answer', async () => {
    const good = newLayoutBook(layout, 'zh-CN');
    for (let i = 0; i < 300; i++) good.ws.addRow([`a${i}`, `b${i}`]);
    // Big enough that exceljs spools the sheets to temporary files for a while.
    good.wb.addWorksheet('extra').addRows(Array.from({ length: 20_000 }, (_, i) => [`x${i}`, 'y'.repeat(40)]));
    const goodFile = await bookBuffer(good.wb);
    const bad = newLayoutBook(layout, 'zh-CN');
    bad.ws.getCell('A1').value = 'wrong';
    bad.wb.addWorksheet('extra').addRows(Array.from({ length: 20_000 }, (_, i) => [`x${i}`, 'y'.repeat(40)]));
    const badFile = await bookBuffer(bad.wb);
    const plain = new ExcelJS.Workbook();
    plain.addWorksheet('x').addRow(['A*', 'B']);
    const plainFile = await bookBuffer(plain);

    const answers: string[] = [];
    for (let round = 0; round < 4; round++) {
      const results = await Promise.all([
        code(readInWorker(readLayoutOf(layout), badFile, 1000)),
        code(readInWorker(readLayoutOf(layout), plainFile, 1000)),
        readInWorker(readLayoutOf(layout), goodFile, 1000).then(
          (rows) => `rows:${rows.length}`,
          (e: ExcelFileError) => e.code,
        ),
        code(readInWorker(readLayoutOf(layout), badFile, 10)),
      ]);
      answers.push(results.join(','));
    }
    expect(answers).toEqual(Array.from({ length: 4 }, () => 'EXCEL_TEMPLATE_ERROR,EXCEL_TEMPLATE_ERROR,rows:300,EXCEL_TEMPLATE_ERROR'));
  }, 180_000); // every refusal starts a new thread: slow on a loaded machine

  it('never reads the upload after a refusal on the refusing thread (the refused read may still run there)', async () => {
    const book = newLayoutBook(layout, 'zh-CN');
    for (let i = 0; i < 50; i++) book.ws.addRow([`a${i}`, `b${i}`]);
    const file = await bookBuffer(book.wb);
    expect(await readInWorker(readLayoutOf(layout), file, 100)).toHaveLength(50);
    const reading = readInWorker(readLayoutOf(layout), file, 10); // more rows than allowed: refused
    await vi.waitFor(() => expect(currentExcelWorker()?.listenerCount('message')).toBeGreaterThan(0), { timeout: 20_000, interval: 5 });
    const refusing = currentExcelWorker()!;
    expect(await code(reading)).toBe('EXCEL_TOO_MANY_ROWS');
    expect(await readInWorker(readLayoutOf(layout), file, 100)).toHaveLength(50);
    expect(currentExcelWorker()).not.toBe(refusing);
  }, 60_000);

  it('replaces a worker that ended between two uploads: the next upload gets its own answer, nothing is thrown', async () => {
    const book = newLayoutBook(layout, 'zh-CN');
    book.ws.addRow(['a', 'b']);
    const file = await bookBuffer(book.wb);
    expect(await readInWorker(readLayoutOf(layout), file, 10)).toEqual([{ row: 2, a: 'a', b: 'b' }]);
    const worker = currentExcelWorker()!;
    const ended = new Promise((resolve) => worker.once('exit', resolve));
    await worker.terminate();
    await ended;
    const started = Date.now();
    expect(await readInWorker(readLayoutOf(layout), file, 10)).toEqual([{ row: 2, a: 'a', b: 'b' }]);
    expect(Date.now() - started).toBeLessThan(20_000); // a new thread, not the job timeout
    expect(currentExcelWorker()).not.toBe(worker);
  }, 60_000);

  it('reads an upload again on a new thread when its thread ends midway for a reason not the file’s', async () => {
    const book = newLayoutBook(layout, 'zh-CN');
    for (let i = 0; i < 2000; i++) book.ws.addRow([`a${i}`, `b${i}`]);
    book.wb.addWorksheet('extra').addRows(Array.from({ length: 40_000 }, (_, i) => [`x${i}`, 'y'.repeat(40)]));
    const file = await bookBuffer(book.wb);
    await readInWorker(readLayoutOf(layout), file, 5000); // a thread is running
    const reading = readInWorker(readLayoutOf(layout), file, 5000);
    const first = currentExcelWorker()!;
    // The job is on the thread once the queue listens for its answer.
    await vi.waitFor(() => expect(first.listenerCount('message')).toBeGreaterThan(0), { timeout: 20_000, interval: 5 });
    await first.terminate(); // as a crash of the thread would
    const rows = await reading;
    expect(rows).toHaveLength(2000);
    expect(rows[1999]).toEqual({ row: 2001, a: 'a1999', b: 'b1999' });
    expect(currentExcelWorker()).not.toBe(first);
  }, 60_000);
});
