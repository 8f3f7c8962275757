import type { UploadPurpose } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage.js';
import * as repo from './uploads.repository.js';
import { newFileKey } from './uploads.service.js';

/**
 * Stores bytes the server holds (already checked by the caller: type and size) as a file of
 * `purpose` owned by `userId`, linked to `refId`; answers the file row. The bytes are removed again
 * when the row cannot be written. Call it with the caller's transaction to record the file with it.
 */
export async function storeServerFile(
  db: DbOrTx,
  storage: Storage,
  input: { data: Buffer; ext: string; mime: string; name: string; purpose: UploadPurpose; userId: number; refId?: number | null },
): Promise<repo.FileRow> {
  const key = newFileKey(input.ext);
  await storage.put(key, input.data);
  try {
    return await repo.insertFile(db, {
      key,
      originalName: input.name,
      mime: input.mime,
      size: input.data.length,
      uploadedBy: input.userId,
      purpose: input.purpose,
      refId: input.refId ?? null,
    });
  } catch (e) {
    await storage.remove(key).catch(() => undefined);
    throw e;
  }
}
