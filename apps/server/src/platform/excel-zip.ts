import zlib from 'node:zlib';
import type { ErrorName } from '@hanlin/shared';

/**
 * Zip checks an xlsx passes before anything unpacks it. The central directory (a few bytes per entry)
 * tells the unpacked sizes, so a decompression bomb is refused before a byte is inflated; `inflatedSizesOk`
 * then checks that the entries really unpack to what they declare (a forged directory proves nothing).
 */

/** Unpacked bytes a workbook may hold: a full 10,000-row template is about 5 MB. */
export const UNPACKED_MAX_BYTES = 100 * 1024 * 1024;
/** Spreadsheet XML packs about 10:1; a ratio this high in a large entry is a bomb. */
export const PACK_RATIO_MAX = 100;
const RATIO_FROM_BYTES = 1024 * 1024;
const ENTRIES_MAX = 1000;

/** A failure of the machine (a system call: a temporary file, the disk), not of the file read. */
export const isMachineFault = (e: unknown): boolean => typeof e === 'object' && e !== null && 'syscall' in e && typeof e.syscall === 'string';

/** A refusal of the Excel machinery with the catalogue code it stands for (crosses the worker boundary as data). */
export class ExcelFileError extends Error {
  constructor(
    readonly code: ErrorName,
    readonly data?: Record<string, unknown>,
    /** Set when the reader threw something of its own rather than refusing the file by a rule. */
    readonly unexpected?: boolean,
    /** What the reader threw, for the log. */
    cause?: unknown,
  ) {
    super(code, cause === undefined ? undefined : { cause });
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  packedSize: number;
  size: number;
  /** Offset of the packed data in the archive. */
  dataStart: number;
}

const formatError = () => new ExcelFileError('EXCEL_FORMAT_ERROR');

/** Reads the central directory; refuses what is not a plain zip (zip64, encryption, odd methods, too many entries). */
export function zipEntries(data: Buffer): ZipEntry[] {
  if (data.length < 22 || data.readUInt32LE(0) !== 0x04034b50) throw formatError();
  // End of central directory: 22 bytes plus a comment of at most 65,535 bytes, at the end.
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw formatError();
  const count = data.readUInt16LE(end + 10);
  const dirSize = data.readUInt32LE(end + 12);
  const dirStart = data.readUInt32LE(end + 16);
  if (count === 0xffff || dirStart === 0xffffffff || count > ENTRIES_MAX || dirStart + dirSize > end) throw formatError();

  const entries: ZipEntry[] = [];
  let at = dirStart;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || data.readUInt32LE(at) !== 0x02014b50) throw formatError();
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const packedSize = data.readUInt32LE(at + 20);
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
    const local = data.readUInt32LE(at + 42);
    if (flags & 1 || (method !== 0 && method !== 8) || next > end) throw formatError();
    if (local + 30 > dirStart || data.readUInt32LE(local) !== 0x04034b50) throw formatError();
    const dataStart = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (dataStart + packedSize > dirStart || (method === 0 && packedSize !== size)) throw formatError();
    entries.push({ name: data.toString('utf8', at + 46, at + 46 + nameLength), method, packedSize, size, dataStart });
    at = next;
  }
  return entries;
}

/** Refuses archives that would unpack to too much, by their directory: the total, or one large entry packed too well. */
export function checkZipBomb(entries: ZipEntry[]): void {
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (e.size > RATIO_FROM_BYTES && e.size > e.packedSize * PACK_RATIO_MAX) throw new ExcelFileError('FILE_TOO_LARGE');
  }
  if (total > UNPACKED_MAX_BYTES) throw new ExcelFileError('FILE_TOO_LARGE');
}

/** Unpacks every entry without keeping it and stops at the first that yields more than it declared. */
export async function checkInflatedSizes(data: Buffer, entries: ZipEntry[]): Promise<void> {
  for (const e of entries) {
    if (e.method === 0) continue; // stored: its size is its packed size, checked by zipEntries
    const got = await new Promise<number>((resolve, reject) => {
      const z = zlib.createInflateRaw();
      let n = 0;
      z.on('data', (c: Buffer) => {
        n += c.length;
        if (n > e.size) {
          z.destroy();
          resolve(n);
        }
      });
      z.on('end', () => resolve(n));
      z.on('error', () => reject(formatError()));
      z.end(data.subarray(e.dataStart, e.dataStart + e.packedSize));
    });
    if (got > e.size) throw new ExcelFileError('FILE_TOO_LARGE');
  }
}
