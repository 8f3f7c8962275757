import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FILE_PUBLIC_ID_PATTERN, UPLOAD_EXTENSIONS, uploadLimitBytes, type UploadKind, type UploadPurpose, type UploadResult } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import * as repo from './uploads.repository.js';
import { readPlatformParams } from '../settings/index.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { FileSigner } from './uploads.signing.js';
import { mayReadFile, type FileReadRules } from './uploads.access.js';
import { contentMatches, MIME_BY_EXT, sniff, SNIFF_BYTES } from './uploads.sniff.js';

/** Types a browser may show in place; everything else is offered as a download. */
const INLINE_MIMES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'video/mp4', 'audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/ogg']);

/** The image type the bytes really hold, whatever the name says. */
export function sniffImage(buf: Buffer): { mime: string; ext: string } | null {
  const t = sniff(buf.subarray(0, SNIFF_BYTES));
  return t === 'png' ? { mime: 'image/png', ext: 'png' } : t === 'jpg' ? { mime: 'image/jpeg', ext: 'jpg' } : null;
}

/**
 * Suffix and content type of a file of `kind`, checked against its first bytes: the suffix must
 * be one the kind accepts and the bytes must be of that suffix's type (FILE_TYPE_ERROR otherwise).
 * Attachments may have any suffix; unknown ones are stored as downloads.
 */
export function describeUpload(name: string, head: Buffer, kind: UploadKind, opts: { suffixOnly?: boolean } = {}): { ext: string; mime: string } {
  let ext = extOf(name);
  const allowed = UPLOAD_EXTENSIONS[kind];
  if (allowed && !allowed.includes(ext)) throw new AppError('FILE_TYPE_ERROR', { field: 'file' });
  if (ext === 'jpeg') ext = 'jpg';
  if (!MIME_BY_EXT[ext]) return { ext: ext || 'bin', mime: 'application/octet-stream' };
  if (!opts.suffixOnly && !contentMatches(ext, sniff(head.subarray(0, SNIFF_BYTES)))) throw new AppError('FILE_TYPE_ERROR', { field: 'file' });
  return { ext, mime: MIME_BY_EXT[ext] };
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

/** `files/<yyyy>/<mm>/<uuid>.<ext>` */
export function newFileKey(ext: string, now = new Date()): string {
  return `files/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${crypto.randomUUID()}.${ext}`;
}

interface Deps {
  db: Db;
  storage: Storage;
  signer: FileSigner;
  /** Read rules by purpose, registered by the modules owning them. */
  rules: FileReadRules;
}

export function createUploadsService({ db, storage, signer, rules }: Deps) {
  /** The kind's size limit as the parameters page sets it now. */
  const limitOf = async (kind: UploadKind) => uploadLimitBytes(kind, await readPlatformParams(db));

  async function present(row: repo.FileRow): Promise<UploadResult> {
    const result: UploadResult = { id: row.publicId, url: `/api/upload/file/${row.publicId}`, name: row.originalName, size: row.size, mime: row.mime };
    if (row.mime.startsWith('image/')) result.publicUrl = await signer.publicUrl(row.publicId);
    return result;
  }

  return {
    limitOf,
    /** Records a file already stored under `key` (the chunked upload's merge). */
    async record(input: { key: string; name: string; mime: string; size: number; purpose: UploadPurpose; userId: number }): Promise<UploadResult> {
      const row = await repo.insertFile(db, {
        key: input.key,
        originalName: input.name,
        mime: input.mime,
        size: input.size,
        uploadedBy: input.userId,
        purpose: input.purpose,
      });
      return present(row);
    },

    /** Checks type and size for the kind, stores the bytes and records the file with its owner and purpose. */
    async save(input: { name: string; data: Buffer; kind: UploadKind; purpose: UploadPurpose; userId: number }): Promise<UploadResult> {
      const name = cleanFileName(input.name);
      if (input.data.length === 0) throw new AppError('PARAMETER_INVALID', { field: 'file' });
      if (input.data.length > (await limitOf(input.kind))) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
      const { ext, mime } = describeUpload(name, input.data, input.kind);
      const key = newFileKey(ext);
      await storage.put(key, input.data);
      try {
        const row = await repo.insertFile(db, { key, originalName: name, mime, size: input.data.length, uploadedBy: input.userId, purpose: input.purpose });
        return await present(row);
      } catch (e) {
        await storage.remove(key).catch(() => undefined);
        throw e;
      }
    },

    /** A batch: every file is checked before any is stored, so a bad one stores none. */
    async saveMany(input: { files: { name: string; data: Buffer }[]; kind: UploadKind; purpose: UploadPurpose; userId: number }): Promise<UploadResult[]> {
      const limit = await limitOf(input.kind);
      for (const f of input.files) {
        if (f.data.length === 0) throw new AppError('PARAMETER_INVALID', { field: 'file' });
        if (f.data.length > limit) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
        describeUpload(cleanFileName(f.name), f.data, input.kind);
      }
      const out: UploadResult[] = [];
      for (const f of input.files) out.push(await this.save({ ...f, kind: input.kind, purpose: input.purpose, userId: input.userId }));
      return out;
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
    async open(publicId: string, who: { principal: Principal } | { publicOnly: true }): Promise<{ stream: Readable; mime: string; size: number; disposition: string }> {
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
