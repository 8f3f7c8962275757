import yauzl from 'yauzl';
import type { Readable } from 'node:stream';
import { SCORM_LIMITS } from '@hanlin/shared';
import { ScormParseError } from './scorm.manifest.js';

export interface PackageEntry {
  path: string;
  size: number;
  packedSize: number;
  entry: yauzl.Entry;
}

export interface OpenedZip {
  zip: yauzl.ZipFile;
  files: PackageEntry[];
  unpackedSize: number;
  /** The entry's bytes; inflating stops with an error when it yields more than its directory says. */
  read(e: PackageEntry): Promise<Readable>;
  close(): void;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** Refuses a name that could leave the package folder when unpacked: '..', absolute, drive letters, backslashes, NUL. */
export function checkEntryName(name: string): void {
  if (!name || name.includes('\\') || name.includes('\u0000') || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.split('/').some((s) => s === '..')) {
    throw new ScormParseError('unsafe_path', name.slice(0, 200));
  }
}

/**
 * Opens a zip and checks its whole directory before anything is unpacked: entry names, symbolic
 * links, the entry count, the unpacked total and the pack ratio (per large entry and overall).
 */
export async function openPackageZip(file: string, packedSize: number): Promise<OpenedZip> {
  // Names are checked by checkEntryName (which says which name): yauzl's own check would only say "invalid".
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: true, strictFileNames: false, validateEntrySizes: true }, (err, z) =>
      err || !z ? reject(new ScormParseError('zip_broken')) : resolve(z),
    ),
  );
  try {
    if (zip.entryCount > SCORM_LIMITS.entriesMax) throw new ScormParseError('too_many_files');
    const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
      const all: yauzl.Entry[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        all.push(e);
        zip.readEntry();
      });
      zip.on('end', () => resolve(all));
      zip.on('error', (e: Error) =>
        reject(/invalid relative path|absolute path|invalid characters/i.test(e.message) ? new ScormParseError('unsafe_path') : new ScormParseError('zip_broken')),
      );
      zip.readEntry();
    });
    const files: PackageEntry[] = [];
    let total = 0;
    for (const e of entries) {
      checkEntryName(e.fileName);
      const mode = (e.externalFileAttributes >>> 16) & S_IFMT;
      if (mode === S_IFLNK) throw new ScormParseError('symlink', e.fileName.slice(0, 200));
      if (e.isEncrypted()) throw new ScormParseError('zip_broken', e.fileName.slice(0, 200));
      if (e.fileName.endsWith('/')) continue;
      if (e.compressionMethod !== 0 && e.compressionMethod !== 8) throw new ScormParseError('zip_broken', e.fileName.slice(0, 200));
      total += e.uncompressedSize;
      if (e.uncompressedSize > 1024 * 1024 && e.uncompressedSize > e.compressedSize * SCORM_LIMITS.packRatioMax) throw new ScormParseError('too_large');
      files.push({ path: e.fileName, size: e.uncompressedSize, packedSize: e.compressedSize, entry: e });
    }
    if (total > SCORM_LIMITS.unpackedMaxBytes) throw new ScormParseError('too_large');
    if (total > 10 * 1024 * 1024 && total > Math.max(packedSize, 1) * SCORM_LIMITS.packRatioMax) throw new ScormParseError('too_large');
    const seen = new Set<string>();
    for (const f of files) {
      if (seen.has(f.path)) throw new ScormParseError('zip_broken', f.path.slice(0, 200));
      seen.add(f.path);
    }
    return {
      zip,
      files,
      unpackedSize: total,
      read: (e) =>
        new Promise<Readable>((resolve, reject) =>
          zip.openReadStream(e.entry, (err, s) => (err || !s ? reject(new ScormParseError('zip_broken', e.path.slice(0, 200))) : resolve(s))),
        ),
      close: () => zip.close(),
    };
  } catch (e) {
    zip.close();
    throw e;
  }
}

/** Reads a small entry fully, refusing one larger than `max`. */
export async function readEntry(z: OpenedZip, e: PackageEntry, max: number): Promise<Buffer> {
  if (e.size > max) throw new ScormParseError('too_large', e.path);
  const s = await z.read(e);
  const chunks: Buffer[] = [];
  try {
    for await (const c of s) chunks.push(c);
  } catch {
    throw new ScormParseError('zip_broken', e.path);
  }
  return Buffer.concat(chunks);
}
