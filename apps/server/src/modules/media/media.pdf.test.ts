import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { MINIMAL_PDF } from '../../test/harness.js';
import { countPdfPages } from './media.pdf.js';

describe('countPdfPages', () => {
  it('reads the page count of a PDF, and answers null for one without pages or for another file', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 5; i++) doc.addPage();
    expect(await countPdfPages(Readable.from([Buffer.from(await doc.save())]))).toBe(5);
    expect(await countPdfPages(Readable.from([MINIMAL_PDF]))).toBeNull();
    expect(await countPdfPages(Readable.from([Buffer.from('not a pdf at all')]))).toBeNull();
  });
});
