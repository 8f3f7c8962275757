import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal.js';
import { inScope } from '../../platform/scope.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../users/index.js';
import { scormFiles, scormPackages, scormRuntime, scormSessions } from './scorm.schema.js';
import { onlyRow } from '../../platform/db/rows.js';

export type PackageRow = typeof scormPackages.$inferSelect;
export type RuntimeRow = typeof scormRuntime.$inferSelect;

export async function insertPackage(db: DbOrTx, row: typeof scormPackages.$inferInsert): Promise<PackageRow> {
  const r = onlyRow(await db.insert(scormPackages).values(row).returning());
  return r;
}

export async function insertFiles(db: DbOrTx, rows: (typeof scormFiles.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(scormFiles).values(rows.slice(i, i + 1000));
}

export async function getPackage(db: DbOrTx, id: number): Promise<PackageRow | null> {
  const [r] = await db.select().from(scormPackages).where(eq(scormPackages.id, id));
  return r ?? null;
}

/** The caller's own packages and those of organizations in their data scope, newest first. */
export async function listPackages(db: DbOrTx, principal: Principal, limit: number): Promise<PackageRow[]> {
  return db
    .select()
    .from(scormPackages)
    .where(or(eq(scormPackages.uploadedBy, principal.userId), inScope(principal, scormPackages.orgId)))
    .orderBy(desc(scormPackages.id))
    .limit(limit);
}

export async function packageInScope(db: DbOrTx, principal: Principal, id: number): Promise<boolean> {
  const [r] = await db
    .select({ id: scormPackages.id })
    .from(scormPackages)
    .where(and(eq(scormPackages.id, id), inScope(principal, scormPackages.orgId)));
  return !!r;
}

export async function getFileKey(db: DbOrTx, packageId: number, path: string): Promise<{ storageKey: string; size: number } | null> {
  const [r] = await db
    .select({ storageKey: scormFiles.storageKey, size: scormFiles.size })
    .from(scormFiles)
    .where(and(eq(scormFiles.packageId, packageId), eq(scormFiles.path, path)));
  return r ?? null;
}

export async function getUserNames(db: DbOrTx, userId: number): Promise<{ username: string; realname: string } | null> {
  const [r] = await db.select({ username: users.username, realname: users.realname }).from(users).where(eq(users.id, userId));
  return r ?? null;
}

const runtimeKey = (k: { userId: number; packageId: number; contextKey: string }) =>
  and(eq(scormRuntime.userId, k.userId), eq(scormRuntime.packageId, k.packageId), eq(scormRuntime.contextKey, k.contextKey));

export async function listRuntime(db: DbOrTx, k: { userId: number; packageId: number; contextKey: string }): Promise<RuntimeRow[]> {
  return db.select().from(scormRuntime).where(runtimeKey(k));
}

/** The row of one SCO, created on first use; two tabs launching together get the same row. */
export async function ensureRuntime(db: DbOrTx, k: { userId: number; packageId: number; contextKey: string; scoId: string }): Promise<RuntimeRow> {
  await db.insert(scormRuntime).values(k).onConflictDoNothing();
  const [r] = await db
    .select()
    .from(scormRuntime)
    .where(and(runtimeKey(k), eq(scormRuntime.scoId, k.scoId)));
  return r;
}

/** The row locked for an update (commits of two tabs queue here). */
export async function lockRuntime(db: DbOrTx, k: { userId: number; packageId: number; contextKey: string; scoId: string }): Promise<RuntimeRow | null> {
  const [r] = await db
    .select()
    .from(scormRuntime)
    .where(and(runtimeKey(k), eq(scormRuntime.scoId, k.scoId)))
    .for('update');
  return r ?? null;
}

export async function updateRuntime(db: DbOrTx, id: number, set: Partial<typeof scormRuntime.$inferInsert>): Promise<RuntimeRow> {
  const r = onlyRow(await db.update(scormRuntime).set(set).where(eq(scormRuntime.id, id)).returning());
  return r;
}

export async function insertSession(db: DbOrTx, runtimeId: number): Promise<string> {
  const r = onlyRow(await db.insert(scormSessions).values({ runtimeId }).returning({ id: scormSessions.id }));
  return r.id;
}

export async function getSession(db: DbOrTx, id: string): Promise<{ runtimeId: number; finishedAt: Date | null } | null> {
  const [r] = await db.select({ runtimeId: scormSessions.runtimeId, finishedAt: scormSessions.finishedAt }).from(scormSessions).where(eq(scormSessions.id, id));
  return r ?? null;
}

/** Records a session's time (the latest value the SCO reported) and returns every session's sum. */
export async function setSessionTime(db: DbOrTx, id: string, runtimeId: number, cs: number | null, finish: boolean): Promise<number> {
  // A commit without session_time and not finishing changes nothing of the session (an empty SET
  // is not SQL: it used to answer SERVER_ERROR).
  if (cs !== null || finish) {
    await db
      .update(scormSessions)
      .set({
        ...(cs !== null ? { sessionTimeCs: cs } : {}),
        ...(finish ? { finishedAt: sql`coalesce(${scormSessions.finishedAt}, now())` } : {}),
      })
      .where(eq(scormSessions.id, id));
  }
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${scormSessions.sessionTimeCs}), 0)` })
    .from(scormSessions)
    .where(eq(scormSessions.runtimeId, runtimeId));
  return Number(r?.total ?? 0);
}
