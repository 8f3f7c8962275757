import type { FastifyInstance } from 'fastify';
import type { ErrorName, UploadPurpose } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineAppRegistry } from '../../platform/use-registry.js';
import * as repo from './uploads.repository.js';
import { fileRefOf } from './uploads.signing.js';

/**
 * Who besides the uploader may read a file of one purpose. `refId` is the record the file was
 * linked to when that record was saved (null until then).
 */
export type FileReadRule = (principal: Principal, file: { refId: number | null; uploadedBy: number | null }) => boolean | Promise<boolean>;
export type FileReadRules = ReadonlyMap<string, FileReadRule>;

const readRules = defineAppRegistry<FileReadRule>('file read rule for');
export const fileReadRules = readRules.of;
/** The module owning a purpose says who may read its files; a purpose without a rule is owner-only. */
export const registerFileReadRule: (app: FastifyInstance, purpose: UploadPurpose, rule: FileReadRule) => void = readRules.register;

export async function mayReadFile(rules: FileReadRules, principal: Principal, file: repo.FileRow): Promise<boolean> {
  if (file.uploadedBy !== null && file.uploadedBy === principal.userId) return true;
  const rule = rules.get(file.purpose);
  return rule ? await rule(principal, { refId: file.refId, uploadedBy: file.uploadedBy }) : false;
}

/**
 * The caller's own uploaded file named by `ref` (a value about to be saved in a record), checked
 * for its purpose; null when `ref` names no uploaded file (an outside URL or nothing). Someone
 * else's file cannot be linked: linking opens it to the readers of the record.
 */
export async function claimFile(
  db: DbOrTx,
  principal: Principal,
  ref: string | null | undefined,
  opts: { purpose: UploadPurpose; field: string; missing?: ErrorName },
): Promise<repo.FileRow | null> {
  if (!ref || !/^\/api\/upload\//.test(ref)) return null;
  const f = fileRefOf(ref);
  // References by serial id are only kept where already stored, never accepted anew.
  const row = f && 'publicId' in f ? await repo.getFileByPublicId(db, f.publicId) : null;
  if (!row) throw new AppError(opts.missing ?? 'PARAMETER_INVALID', { field: opts.field });
  if (row.uploadedBy !== principal.userId) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: opts.field });
  if (row.purpose !== opts.purpose) throw new AppError('PARAMETER_INVALID', { field: opts.field });
  return row;
}

export { linkFile } from './uploads.repository.js';
