import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../platform/db/client.js';
import { JOBS_SCHEMA } from '../platform/jobs.js';

// A job's start time lives in its pg-boss job (platform/jobs.ts); `where` filters the `jobs` row `j`.
const boss = sql.identifier(JOBS_SCHEMA);

/** The queued jobs of a kind with the time each is due, earliest first. */
export async function queuedJobs(db: Db, kind: string, where: SQL = sql`true`) {
  const { rows } = await db.execute<{ id: number; run_after: string }>(sql`
    select j.id, b.start_after as run_after from jobs j join ${boss}.job b on b.id = j.boss_id and b.name = j.kind
    where j.kind = ${kind} and j.state = 'queued' and ${where} order by b.start_after`);
  return rows.map((r) => ({ id: Number(r.id), runAfter: new Date(r.run_after) }));
}

/** Makes the queued jobs of a kind due now (the clock does not have to reach them); answers their ids. */
export async function makeJobsDue(db: Db, kind: string, where: SQL = sql`true`) {
  const { rows } = await db.execute<{ id: number }>(sql`
    update ${boss}.job b set start_after = now() - interval '1 second' from jobs j
    where j.boss_id = b.id and b.name = j.kind and b.state in ('created', 'retry') and j.kind = ${kind} and j.state = 'queued' and ${where}
    returning j.id`);
  return rows.map((r) => Number(r.id));
}
