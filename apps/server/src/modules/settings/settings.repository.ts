import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';

/** Distinct users holding an open session seen within the idle timeout (the licence's "online"). */
export async function countOnlineUsers(db: DbOrTx, idleHours: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(distinct user_id)::int as n from user_sessions
     where ended_at is null and last_seen_at > now() - make_interval(hours => ${idleHours})`);
  return rows[0]?.n ?? 0;
}
