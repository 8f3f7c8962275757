import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_PUBLIC_ID_PATTERN, IMAGE_EXTENSIONS, UPLOAD_LIMITS, type UploadKind, type UploadPurpose, type UploadResult } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import * as repo from './uploads.repository.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { FileSigner } from './uploads.signing.js';
import { mayReadFile, type FileReadRules } from './uploads.access.js';

const MIME_BY_EXT: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
};
/** Types a browser may show in place; everything else is offered as a download. */
const INLINE_MIMES = new Set(['image/jpeg', 'image/png', 'application/pdf']);

/** The image type the bytes really hold, whatever the name says. */
export function sniffImage(buf: Buffer): { mime: string; ext: string } | null {
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  return null;
}

/** Base name without folders (old browsers send `C:\fakepath\x.png`) and control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(-255);
}

const extOf = (name: string) => {
  const e = path.extname(name).slice(1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(e) ? e : '';
};

/** `attachment; filename="a.pdf"; filename*=UTF-8''%E6%96%87.pdf` with an ASCII fallback. */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

interface Deps {
  db: Db;
  storage: Storage;
  signer: FileSigner;
  /** Read rules by purpose, registered by the modules owning them. */
  rules: FileReadRules;
}

export function createUploadsService({ db, storage, signer, rules }: Deps) {
  async function present(row: repo.FileRow): Promise<UploadResult> {
    const result: UploadResult = { id: row.publicId, url: `/api/upload/file/${row.publicId}`, name: row.originalName, size: row.size, mime: row.mime };
    if (row.mime.startsWith('image/')) result.publicUrl = await signer.publicUrl(row.publicId);
    return result;
  }

  return {
    /** Checks type and size for the kind, stores the bytes and records the file with its owner and purpose. */
    async save(input: { name: string; data: Buffer; kind: UploadKind; purpose: UploadPurpose; userId: number }): Promise<UploadResult> {
      const name = cleanFileName(input.name);
      if (input.data.length === 0) throw new AppError('PARAMETER_INVALID', { field: 'file' });
      if (input.data.length > UPLOAD_LIMITS[input.kind]) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
      let ext = extOf(name);
      let mime: string;
      if (input.kind === 'image') {
        const sniffed = sniffImage(input.data);
        if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || !sniffed) throw new AppError('FILE_TYPE_ERROR', { field: 'file' });
        ({ ext, mime } = sniffed);
      } else {
        // Images keep their real type; other files are described by their suffix only.
        const sniffed = sniffImage(input.data);
        mime = sniffed && MIME_BY_EXT[ext]?.startsWith('image/') ? sniffed.mime : (MIME_BY_EXT[ext] ?? 'application/octet-stream');
        if (!ext) ext = 'bin';
      }
      const now = new Date();
      const key = `files/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${crypto.randomUUID()}.${ext}`;
      await storage.put(key, input.data);
      try {
        const row = await repo.insertFile(db, { key, originalName: name, mime, size: input.data.length, uploadedBy: input.userId, purpose: input.purpose });
        return await present(row);
      } catch (e) {
        await storage.remove(key).catch(() => undefined);
        throw e;
      }
    },

    /** `data` is plain base64 or a `data:image/png;base64,...` URL. */
    async saveBase64(input: { name: string; data: string; purpose: UploadPurpose; userId: number }): Promise<UploadResult> {
      const b64 = input.data.replace(/^data:[\w.+/-]{1,100};base64,/, '').replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw new AppError('PARAMETER_INVALID', { field: 'data' });
      return this.save({ name: input.name, data: Buffer.from(b64, 'base64'), kind: 'image', purpose: input.purpose, userId: input.userId });
    },

    /**
     * The stored file with what a response needs, by public id. A signed-in reader must pass the
     * read rules (`principal`); a signed link (`publicOnly`) serves images only. Refusals look
     * like a missing file, so nobody learns which ids exist.
     */
    async open(
      publicId: string,
      who: { principal: Principal } | { publicOnly: true },
    ): Promise<{ stream: Readable; mime: string; size: number; disposition: string }> {
      const row = FILE_PUBLIC_ID_PATTERN.test(publicId) ? await repo.getFileByPublicId(db, publicId) : null;
      if (!row) throw new AppError('NOT_FOUND_ERROR');
      if ('publicOnly' in who ? !row.mime.startsWith('image/') : !(await mayReadFile(rules, who.principal, row))) throw new AppError('NOT_FOUND_ERROR');
      const stream = await storage.get(row.key);
      if (!stream) throw new AppError('NOT_FOUND_ERROR');
      return { stream, mime: row.mime, size: row.size, disposition: contentDisposition(row.originalName, INLINE_MIMES.has(row.mime)) };
    },

    async openSigned(publicId: string, exp: string | undefined, sig: string | undefined) {
      if (!FILE_PUBLIC_ID_PATTERN.test(publicId) || !(await signer.verify(publicId, exp, sig))) throw new AppError('NO_PERMISSION_ERROR');
      return this.open(publicId, { publicOnly: true });
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
