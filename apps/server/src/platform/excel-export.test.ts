import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { bookBuffer } from './excel.js';
import { isAppError } from './errors.js';

describe('bookBuffer', () => {
  it('writes a workbook, and answers EXPORT_FAILED when the workbook cannot be written', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('a').addRow(['x']);
    expect((await bookBuffer(wb)).subarray(0, 2).toString()).toBe('PK');
    // The writer failing (a full disk, say) is answered with the catalogue's code.
    const broken = new ExcelJS.Workbook();
    const err = await bookBuffer({ xlsx: { ...broken.xlsx, writeBuffer: () => Promise.reject(new Error('no space left on device')) } as unknown as ExcelJS.Xlsx }).catch(
      (e: unknown) => e,
    );
    expect(isAppError(err) && err.errorName).toBe('EXPORT_FAILED');
  });
});
