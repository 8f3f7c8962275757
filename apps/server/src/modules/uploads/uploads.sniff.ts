/**
 * What a file really is, from its first bytes (magic numbers), so a renamed file cannot pass for
 * another type. `sniff` needs the first 4 KB at most.
 */
export type Sniffed = 'jpg' | 'png' | 'gif' | 'webp' | 'pdf' | 'zip' | 'ole' | 'mp4' | 'mov' | 'm4a' | 'matroska' | 'avi' | 'flv' | 'mp3' | 'wav' | 'ogg' | 'text';

export const SNIFF_BYTES = 4096;

const starts = (b: Buffer, sig: number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Buffer, text: string, at = 0) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

export function sniff(b: Buffer): Sniffed | null {
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpg';
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(b, 'GIF87a') || ascii(b, 'GIF89a')) return 'gif';
  if (ascii(b, 'RIFF') && ascii(b, 'WEBP', 8)) return 'webp';
  if (ascii(b, 'RIFF') && ascii(b, 'AVI ', 8)) return 'avi';
  if (ascii(b, 'RIFF') && ascii(b, 'WAVE', 8)) return 'wav';
  // PDF writers may put a few bytes before the header; readers look in the first KB.
  if (b.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (starts(b, [0x50, 0x4b, 0x03, 0x04]) || starts(b, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (ascii(b, 'ftyp', 4)) {
    const brand = b.toString('latin1', 8, 12);
    if (brand === 'qt  ') return 'mov';
    if (brand === 'M4A ' || brand === 'M4B ') return 'm4a';
    return 'mp4';
  }
  // QuickTime files from old cameras start with other atoms.
  if (['moov', 'mdat', 'wide', 'free', 'skip'].some((a) => ascii(b, a, 4))) return 'mov';
  if (starts(b, [0x1a, 0x45, 0xdf, 0xa3])) return 'matroska';
  if (ascii(b, 'FLV') && b[3] === 1) return 'flv';
  if (ascii(b, 'OggS')) return 'ogg';
  if (ascii(b, 'ID3') || (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0)) return 'mp3';
  if (isText(b)) return 'text';
  return null;
}

/** No NUL and valid UTF-8 (a chunk cut mid-character at the end is fine). */
function isText(b: Buffer): boolean {
  if (!b.length || b.includes(0)) return false;
  const probe = b.subarray(0, Math.max(0, b.length - 4));
  return Buffer.from(probe.toString('utf8'), 'utf8').equals(probe);
}

/** The content types a suffix may hold. */
const EXPECTED: Record<string, readonly Sniffed[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  pdf: ['pdf'],
  zip: ['zip'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  // Old Office formats; Word and Excel also save OOXML under the old name.
  doc: ['ole', 'zip'],
  xls: ['ole', 'zip'],
  ppt: ['ole', 'zip'],
  mp4: ['mp4', 'mov'],
  m4v: ['mp4', 'mov'],
  mov: ['mov', 'mp4'],
  webm: ['matroska'],
  mkv: ['matroska'],
  avi: ['avi'],
  flv: ['flv'],
  mp3: ['mp3'],
  m4a: ['m4a', 'mp4'],
  wav: ['wav'],
  ogg: ['ogg'],
  oga: ['ogg'],
  txt: ['text'],
  csv: ['text'],
  md: ['text'],
};

/** Whether bytes of type `sniffed` may be stored under suffix `ext`; unknown suffixes must hold text. */
export function contentMatches(ext: string, sniffed: Sniffed | null): boolean {
  const expected = EXPECTED[ext];
  if (!sniffed) return false;
  return expected ? expected.includes(sniffed) : sniffed === 'text';
}

export const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
};
