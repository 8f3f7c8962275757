import { desc, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { escapeLike } from '../../platform/db/pg-errors.js';
import { searchRecords, searchWords, userCheckins, userExperience } from './student.schema.js';

/** Records today's sign-in; false when the user already signed in that day (the primary key decides). */
export async function insertCheckin(db: DbOrTx, userId: number, day: string): Promise<boolean> {
  const rows = await db.insert(userCheckins).values({ userId, day }).onConflictDoNothing().returning({ day: userCheckins.day });
  return rows.length === 1;
}

export async function addExperience(db: DbOrTx, userId: number, delta: number) {
  await db
    .insert(userExperience)
    .values({ userId, exp: delta })
    .onConflictDoUpdate({ target: userExperience.userId, set: { exp: sql`${userExperience.exp} + ${delta}` } });
}

export async function getExperience(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ exp: userExperience.exp }).from(userExperience).where(eq(userExperience.userId, userId));
  return row?.exp ?? 0;
}

/**
 * The latest run of consecutive sign-in days up to `today`: its length and last day.
 * Consecutive days share `day + row_number()` when numbered newest first.
 */
export async function latestStreak(db: DbOrTx, userId: number, today: string): Promise<{ days: number; last: string | null }> {
  const { rows } = await db.execute<{ days: number; last: string | null }>(sql`
    with d as (
      select day, day + (row_number() over (order by day desc))::int as grp
        from user_checkins
       where user_id = ${userId} and day <= ${today}::date
    )
    select count(*)::int as days, max(day)::text as last
      from d
     where grp = (select grp from d order by day desc limit 1)`);
  return rows[0] ?? { days: 0, last: null };
}

/** Records one search and counts its word (lower-cased, so "Java" and "java" are one word). */
export async function recordSearch(db: DbOrTx, userId: number, keyword: string, type: string) {
  await db.insert(searchRecords).values({ userId, keyword, type });
  await db
    .insert(searchWords)
    .values({ word: keyword.toLowerCase(), total: 1 })
    .onConflictDoUpdate({ target: searchWords.word, set: { total: sql`${searchWords.total} + 1`, lastAt: sql`now()` } });
}

/** Recorded words starting with `prefix`, most searched first. */
export async function suggestWords(db: DbOrTx, prefix: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ word: searchWords.word })
    .from(searchWords)
    .where(like(searchWords.word, `${escapeLike(prefix.toLowerCase())}%`))
    .orderBy(desc(searchWords.total), searchWords.word)
    .limit(limit);
  return rows.map((r) => r.word);
}

export async function hotWords(db: DbOrTx, limit: number) {
  return db.select({ word: searchWords.word, total: searchWords.total }).from(searchWords).orderBy(desc(searchWords.total), searchWords.word).limit(limit);
}
