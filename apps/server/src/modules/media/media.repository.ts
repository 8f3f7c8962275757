import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { files } from '../uploads/index.js';
import { mediaAssets } from './media.schema.js';
import { onlyRow } from '../../platform/db/rows.js';

export type AssetRow = typeof mediaAssets.$inferSelect;
type AssetValues = Partial<typeof mediaAssets.$inferInsert>;

/** Updates a file's media asset; answers the row as it now is (undefined when there is none). */
export async function setAsset(db: DbOrTx, fileId: number, values: AssetValues): Promise<AssetRow | undefined> {
  const [row] = await db
    .update(mediaAssets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(mediaAssets.fileId, fileId))
    .returning();
  return row;
}

/** Creates or resets a file's media asset; answers the row. */
export async function upsertAsset(db: DbOrTx, values: typeof mediaAssets.$inferInsert): Promise<AssetRow> {
  const row = onlyRow(
    await db
      .insert(mediaAssets)
      .values(values)
      .onConflictDoUpdate({ target: mediaAssets.fileId, set: { ...values, updatedAt: sql`now()` } })
      .returning(),
  );
  return row;
}

export async function getAsset(db: DbOrTx, fileId: number): Promise<AssetRow | undefined> {
  const [row] = await db.select().from(mediaAssets).where(eq(mediaAssets.fileId, fileId));
  return row;
}

export async function getFileById(db: DbOrTx, id: number) {
  const [file] = await db.select().from(files).where(eq(files.id, id));
  return file;
}

/** A job that failed for good: its asset is marked failed, never left "processing". */
export async function markFailed(db: DbOrTx, fileId: number) {
  await db.execute(
    sql`update media_assets set state = 'failed', error = coalesce(error, 'VIDEO_SLICE_FAILED') where file_id = ${fileId} and state in ('pending', 'processing')`,
  );
}

/** Files by public id with their media asset, if any. */
export function findStates(db: DbOrTx, publicIds: string[]) {
  return db
    .select({ file: { id: files.id, publicId: files.publicId, mime: files.mime, originalName: files.originalName }, asset: mediaAssets })
    .from(files)
    .leftJoin(mediaAssets, eq(mediaAssets.fileId, files.id))
    .where(inArray(files.publicId, publicIds));
}
