import type { Readable } from 'node:stream';
import { PDFDocument } from 'pdf-lib';

/** The page count of a PDF read from a stream, or null when it is not a readable PDF. */
export async function countPdfPages(stream: Readable): Promise<number | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  try {
    // Encrypted PDFs still tell their page tree; nothing is written back.
    const doc = await PDFDocument.load(Buffer.concat(chunks), { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    const n = doc.getPageCount();
    return n > 0 ? n : null;
  } catch {
    return null;
  }
}
