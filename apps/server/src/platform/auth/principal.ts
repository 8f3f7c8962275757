import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Kv } from '../kv.js';
import { createBatcher } from '../batcher.js';

/** The signed-in caller as every service sees it. */
export interface Principal {
  userId: number;
  username: string;
  sessionId: number;
  signNumber: string;
  orgId: number | null;
  permissions: ReadonlySet<string>;
  /** Materialized paths of the organization subtrees in the caller's data scope. */
  scopePaths: readonly string[];
  firstLogin: boolean;
}

export interface SessionRow {
  sessionId: number;
  userId: number;
  username: string;
  signNumber: string;
  endedAt: string | null;
  endReason: string | null;
  lastSeenAt: string;
  userStatus: string;
  orgId: number | null;
  firstLogin: boolean;
  permissions: string[];
  scopePaths: string[];
}

/** A session as the guard uses it: the row plus its permissions as a set. */
export type LoadedSession = SessionRow & { permissionSet: ReadonlySet<string> };

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const CACHE_MS = 30_000;
const PARSED_MAX = 10_000;
const cacheKey = (hash: string) => `session:${hash}`;
/** Cache value of a session changed by a transaction (`stale:<xid>`); kept until the session is next loaded. */
const STALE = 'stale:';
const STALE_MS = 15 * 60_000;

/**
 * Loads the session behind a token with the user's live permissions and data scope,
 * cached briefly; `forget` drops the cache when a session ends or a user changes.
 */
export function createPrincipalLoader(db: Db, kv: Kv) {
  // Sessions read together share one statement (an exam day's thousands of examinees refresh theirs every half minute).
  const query = createBatcher<string, SessionRow | null>({
    run: async (hashes) => {
      const { rows } = await db.execute<SessionRow & { tokenHash: string } & Record<string, unknown>>(sql`
      select s.token_hash as "tokenHash", s.id as "sessionId", s.user_id as "userId", u.username, s.sign_number as "signNumber",
             s.ended_at as "endedAt", s.end_reason as "endReason", s.last_seen_at as "lastSeenAt",
             u.status as "userStatus", u.org_id as "orgId", u.first_login as "firstLogin",
             coalesce((select array_agg(distinct p) from user_roles ur
                         join roles r on r.id = ur.role_id and r.status = 'normal' and r.can_login
                         cross join lateral unnest(r.permissions) p
                        where ur.user_id = u.id), '{}') as permissions,
             -- Data scope: the user's own scopes plus those of their usable roles, else their organization.
             coalesce((select array_agg(o.path order by o.path) from organizations o
                        where o.id in (select ds.org_id from user_data_scopes ds where ds.user_id = u.id
                                       union
                                       select rs.org_id from user_roles ur
                                         join roles r on r.id = ur.role_id and r.status = 'normal' and r.can_login
                                         join role_data_scopes rs on rs.role_id = r.id
                                        where ur.user_id = u.id)),
                      (select array[o.path] from organizations o where o.id = u.org_id), '{}') as "scopePaths"
        from user_sessions s join users u on u.id = s.user_id
       where s.token_hash = any(${sql.param(hashes)}::text[])`);
      const byHash = new Map(rows.map(({ tokenHash, ...row }) => [tokenHash, row]));
      return hashes.map((h) => byHash.get(h) ?? null);
    },
    key: (hash) => hash,
    maxInFlight: 3,
    maxBatch: 500,
  });

  // The kv entry stays the source of truth (shared by every node with Redis); this node only
  // remembers what it last parsed from it, so an unchanged entry is not parsed again per call.
  const parsed = new Map<string, { raw: string; session: LoadedSession }>();
  const parse = (hash: string, raw: string): LoadedSession => {
    const known = parsed.get(hash);
    if (known?.raw === raw) return known.session;
    const row = JSON.parse(raw) as SessionRow;
    const session = { ...row, permissionSet: new Set(row.permissions) };
    const oldest = parsed.keys().next();
    if (parsed.size >= PARSED_MAX && !oldest.done) parsed.delete(oldest.value);
    parsed.set(hash, { raw, session });
    return session;
  };

  /** Whether the transaction that marked a session stale is still open (its change not visible yet). */
  async function stillOpen(xid: string): Promise<boolean> {
    const { rows } = await db.execute<{ status: string | null }>(sql`select txid_status(${xid}::bigint) as status`);
    return rows[0]?.status === 'in progress';
  }

  return {
    async load(token: string): Promise<LoadedSession | null> {
      const hash = tokenHash(token);
      let raw = await kv.get(cacheKey(hash));
      const staleXid = raw?.startsWith(STALE) ? raw.slice(STALE.length) : null;
      if (!raw || staleXid !== null) {
        const row = await query(hash);
        if (!row) return null;
        // While the transaction ending or changing this session is open, the database still shows
        // the old row: serve it (the change has not happened yet) but do not cache it.
        if (staleXid && !row.endedAt && (await stillOpen(staleXid))) return { ...row, permissionSet: new Set(row.permissions) };
        raw = JSON.stringify(row);
        await kv.set(cacheKey(hash), raw, CACHE_MS);
      }
      return parse(hash, raw);
    },
    /**
     * Marks sessions as changed by transaction `xid` (possibly not committed yet): every node
     * reads them from the database again, and caches them only once that transaction is over.
     */
    async markStale(hashes: readonly string[], xid: string) {
      await Promise.all(hashes.map((h) => kv.set(cacheKey(h), `${STALE}${xid}`, STALE_MS)));
    },
    async forgetTokens(hashes: string[]) {
      await kv.del(...hashes.map(cacheKey));
    },
    /** Drops cached sessions of these users (after freeze, role or scope changes). */
    async forgetUsers(userIds: number[]) {
      if (!userIds.length) return;
      const { rows } = await db.execute<{ token_hash: string }>(
        sql`select token_hash from user_sessions where ended_at is null and user_id = any(${sql.param(userIds)}::int[])`,
      );
      await kv.del(...rows.map((r) => cacheKey(r.token_hash)));
    },
  };
}
export type PrincipalLoader = ReturnType<typeof createPrincipalLoader>;
