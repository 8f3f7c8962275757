import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './db/types.js';
import { poolOf } from './db/pool.js';

/**
 * Every PostgreSQL advisory lock key of the application, named, in one place: two unrelated
 * locks sharing a key serialize each other (or worse, one believes it holds the other's lock).
 * Single keys are bigint (`pg_advisory_xact_lock(key)`); pairs use the two-int form
 * (`pg_advisory_xact_lock(a, b)`), which PostgreSQL keeps apart from single keys (objsubid 2).
 * `locks.test.ts` checks that no two names share a key and that no SQL in the code spells a key.
 */
export const LOCK_KEYS = {
  /** Session lock held by the whole migration run (platform/db/client.ts). */
  migrations: 7243000,
  /** First-start seed: root organization, built-in roles, administrator. */
  seed: 7243001,
  /** Structural changes of the organization tree. */
  orgTree: 7243101,
  /** Structural changes of the professional (major) tree. */
  professionalTree: 7243102,
  /** Structural changes of the courseware category tree. */
  coursewareCategoryTree: 7243103,
  /** Structural changes of the textbook category tree. */
  textbookCategoryTree: 7243110,
  /** Structural changes of the course classification tree. */
  courseCategoryTree: 7243104,
  /** Structural changes of the question classification tree. */
  questionCategoryTree: 7243105,
  /** Structural changes of the exam classification tree. */
  examCategoryTree: 7243131,
  /** Structural changes of the questionnaire classification tree. */
  questionnaireCategoryTree: 7243132,
  /** Changes to the number of teacher levels. */
  lecturerLevels: 7243201,
  /** Pinning Q&A entries: the pinned count against the parameter `pinnedQaLimit`. */
  qaPins: 7243301,
  /** Structural changes of the face-to-face course classification tree. */
  trainCourseCategoryTree: 7243133,
} as const;

/** Two-int keys: taken with pg_try_advisory_xact_lock(a, b) and looked up in pg_locks by classid/objid. */
export const LOCK_PAIRS = {
  /** One LDAP synchronization at a time across every node. */
  ldapSync: [7243, 11],
} as const;

export type LockName = keyof typeof LOCK_KEYS;

/** Takes the named transaction-level lock; it is released at commit or rollback. */
export async function xactLock(tx: DbOrTx, name: LockName): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS[name]}::bigint)`);
}

/**
 * Keyed locks: one lock per record (or pair of records) of a kind, the key hashed from the kind's
 * name and the ids into the 64-bit space (a clash with a registry key above is as likely as a
 * random 64-bit collision).
 */
export const LOCK_SPACES = {
  /** Processing a media file (slicing a video, converting a document): one job per file at a time across every node. */
  mediaJob: 'mediaJob',
  /**
   * An exam's attempts being started (shared, one per start) against its scores being published
   * (exclusive): scores are never published while an attempt is being started. Unlike a row lock on
   * the exam, thousands of starts a minute share it without writing the exam row.
   */
  examScores: 'examScores',
} as const;

/** Takes the transaction-level lock of `space` for these ids; it is released at commit or rollback. */
export async function xactLockFor(tx: DbOrTx, space: keyof typeof LOCK_SPACES, ...ids: number[]): Promise<void> {
  await tx.execute(sql`select ${xactLockSql(space, ids)}`);
}

/**
 * The call taking the transaction-level lock of `space` for these ids, for a statement that takes it
 * itself (one round trip fewer). The statement's snapshot is older than the lock: only for a lock that
 * guards what the statement writes, never what it reads. `shared` locks admit other shared holders.
 */
export function xactLockSql(space: keyof typeof LOCK_SPACES, ids: number[], opts: { shared?: boolean } = {}) {
  const key = sql`hashtextextended(${`${LOCK_SPACES[space]}:${ids.join(':')}`}, 0)`;
  return opts.shared ? sql`pg_advisory_xact_lock_shared(${key})` : sql`pg_advisory_xact_lock(${key})`;
}

/**
 * Runs `work` holding the session-level lock of `space` for these ids, on a connection of its own
 * (for work that lasts minutes, outside any transaction); answers null without running it when
 * another holder has the lock. A holder that dies frees the lock with its connection.
 */
export async function withSessionLockFor<T>(db: Db, space: keyof typeof LOCK_SPACES, ids: number[], work: () => Promise<T>): Promise<{ value: T } | null> {
  const key = `${LOCK_SPACES[space]}:${ids.join(':')}`;
  const client = await poolOf(db).connect();
  let broken = false;
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [key]);
    if (!rows[0]?.ok) return null;
    try {
      return { value: await work() };
    } finally {
      // A connection that could not unlock is closed rather than returned to the pool still holding it.
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => (broken = true));
    }
  } finally {
    client.release(broken);
  }
}
