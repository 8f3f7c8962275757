import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { files } from './uploads.schema.js';
import { onlyRow } from '../../platform/db/rows.js';

export type FileRow = typeof files.$inferSelect;

export async function insertFile(db: DbOrTx, values: typeof files.$inferInsert): Promise<FileRow> {
  const row = onlyRow(await db.insert(files).values(values).returning());
  return row;
}

export async function getFileByPublicId(db: DbOrTx, publicId: string): Promise<FileRow | null> {
  const [row] = await db.select().from(files).where(eq(files.publicId, publicId));
  return row ?? null;
}

/** Serial ids appear only in references stored before files had public ids. */
export async function publicIdsOf(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: files.id, publicId: files.publicId }).from(files).where(inArray(files.id, ids));
  return new Map(rows.map((r) => [r.id, r.publicId]));
}

/** Links a file to the record of its purpose (a notice id); a later link replaces an earlier one. */
export async function linkFile(db: DbOrTx, id: number, refId: number): Promise<void> {
  await db.update(files).set({ refId }).where(eq(files.id, id));
}
