import { and, asc, desc, eq, inArray, ne, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ALL_PERMISSION_CODES, parseSort, USER_SORT_KEYS, type UserDetail, type UserListQuery, type UserRow } from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Kv } from '../../platform/kv.js';
import { cachedCount, tableVersionsSql } from '../../platform/db/counts.js';

/** Tables whose writes change a user-list total. */
const COUNTED_TABLES = ['users', 'organizations', 'user_data_scopes'] as const;
import type { Principal } from '../../platform/auth/principal.js';
import { inScopePatterns, scopePatterns, scopeReach } from '../../platform/scope.js';
import { organizations } from '../orgs/index.js';
import { userRoles } from '../roles/index.js';
import { userDataScopes, users } from './users.schema.js';
import { escapeLike, pgErrorOf } from '../../platform/db/pg-errors.js';

const sortColumns = { id: users.id, username: users.username, realname: users.realname, createdAt: users.createdAt } as const;

type ListFilters = Omit<UserListQuery, 'page' | 'size' | 'sort'>;
/** A filter value: a literal, or a placeholder of a statement prepared once per list shape. */
type Bound<T> = T | SQLWrapper;

/** WHERE of the user list: data scope (`all`, `none` or the subtree patterns) plus the filters that are set. */
function listWhere(scope: 'all' | 'none' | SQLWrapper, f: { status?: Bound<string>; kind?: Bound<string>; orgId?: Bound<number>; keywordPattern?: Bound<string> }) {
  // Every user has an organization (not null), so a scope holding the root needs no condition.
  const where: SQL[] = scope === 'all' ? [] : [scope === 'none' ? sql`false` : inScopePatterns(users.orgId, scope)];
  if (f.status !== undefined) where.push(eq(users.status, f.status));
  if (f.kind !== undefined) where.push(eq(users.kind, f.kind));
  if (f.orgId !== undefined) where.push(sql`${users.orgId} in (select c.id from organizations c, organizations p where p.id = ${f.orgId} and c.path like p.path || '%')`);
  // search_text is lower-cased on write and trigram-indexed; lower() folds the keyword the same way.
  if (f.keywordPattern !== undefined) where.push(sql`${users.searchText} like lower(${f.keywordPattern})`);
  return where.length ? and(...where) : undefined;
}

const keywordPattern = (keyword: string) => `%${escapeLike(keyword)}%`;

/** WHERE of the user list and export: data scope plus the filters. */
export function userListWhere(principal: Principal, q: ListFilters) {
  const reach = scopeReach(principal);
  return listWhere(reach === 'subtrees' ? sql.param(scopePatterns(principal)) : reach, {
    status: q.status,
    kind: q.kind,
    orgId: q.orgId,
    keywordPattern: q.keyword ? keywordPattern(q.keyword) : undefined,
  });
}

/** Who a user is: the columns every user answer starts with. */
const IDENTITY_COLUMNS = {
  id: users.id,
  username: users.username,
  realname: users.realname,
  englishName: users.englishName,
  cardNumber: users.cardNumber,
  kind: users.kind,
  phone: users.phone,
  email: users.email,
  sex: users.sex,
} as const;

interface ListShape {
  scope: ReturnType<typeof scopeReach>;
  status: boolean;
  kind: boolean;
  orgId: boolean;
  keyword: boolean;
  /**
   * `collect`: few enough matches to collect them all (through whatever index serves the filters,
   * the trigram index for a keyword) and sort them; `walk`: walk the order and stop after the page.
   */
  plan: 'collect' | 'walk';
  sortKey: keyof typeof sortColumns;
  desc: boolean;
}

/**
 * The list statement of one shape (which filters are set, which order), built once with
 * placeholders: building a Drizzle query per call cost more Node CPU than PostgreSQL spent
 * running it (bench/list.ts).
 */
function prepareList(db: DbOrTx, shape: ListShape, name: string) {
  const ph = sql.placeholder;
  const where = listWhere(shape.scope === 'subtrees' ? ph('scope') : shape.scope, {
    status: shape.status ? ph('status') : undefined,
    kind: shape.kind ? ph('kind') : undefined,
    orgId: shape.orgId ? ph('orgId') : undefined,
    keywordPattern: shape.keyword ? ph('keyword') : undefined,
  });
  const col = sortColumns[shape.sortKey];
  const order = shape.desc ? [desc(col), desc(users.id)] : [asc(col), asc(users.id)];
  // The page is chosen on ids alone in a subquery: PostgreSQL computes the select list of rows
  // skipped by OFFSET too, so the per-row subqueries run only for the rows of the page.
  let page;
  if (shape.plan === 'collect') {
    // All matches first, then their order. OFFSET $fence (always 0) keeps PostgreSQL from merging
    // the subquery into an ordered walk, which its estimates favour when the matches are sparse or
    // bunch at one end of the order: the walk then reads most of the table to fill one page.
    const matches = db.select({ id: users.id, k: sql`${col}`.as('k') }).from(users).where(where).offset(ph('fence')).as('matches');
    const matchOrder = shape.desc ? [desc(matches.k), desc(matches.id)] : [asc(matches.k), asc(matches.id)];
    page = db.select({ id: matches.id }).from(matches).orderBy(...matchOrder).limit(ph('size')).offset(ph('offset')).as('page');
  } else {
    page = db.select({ id: users.id }).from(users).where(where).orderBy(...order).limit(ph('size')).offset(ph('offset')).as('page');
  }
  return db
    .select({
      ...IDENTITY_COLUMNS,
      status: users.status,
      post: users.post,
      orgId: users.orgId,
      orgName: organizations.name,
      createdAt: users.createdAt,
      roles: sql<string[]>`coalesce((select array_agg(r.name order by r.id) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${users.id}), '{}')`,
      versions: tableVersionsSql(COUNTED_TABLES),
    })
    .from(page)
    .innerJoin(users, eq(users.id, page.id))
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .orderBy(...order)
    .prepare(name);
}

/**
 * Whether one generic plan serves every run of a shape: walking the default order (ids, the order
 * rows are stored in) filtered at most by status and kind, or collecting the few matches of a
 * keyword that holds a trigram. A generic plan cannot know how much of the tree subtree patterns or
 * an organization cover, or how rare a keyword is, and it prices LIMIT $n as a tenth of the table,
 * which makes any name order sort the whole table (measured: 18 ms instead of 1, even unfiltered).
 */
const planOnce = (shape: ListShape, keyword: string | undefined) =>
  shape.scope !== 'subtrees' &&
  !shape.orgId &&
  (shape.plan === 'walk' ? !shape.keyword && shape.sortKey === 'id' : !!keyword && HOLDS_TRIGRAM.test(keyword));

/** Three letters or digits in a row: pg_trgm then finds at least one trigram in the keyword. */
const HOLDS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

const listStatements = new WeakMap<DbOrTx, Map<string, ReturnType<typeof prepareList>>>();

/** A list with at most this many matches is served by collecting its matches and sorting them. */
const FEW_MATCHES = 2000;

/**
 * The last total this node saw per search (scope and filters), to choose the plan without asking
 * for the total first. Only a hint: a stale one costs speed, never correctness (both plans give the
 * same rows).
 */
const seenTotals = new Map<string, number>();
const SEEN_TOTALS_MAX = 5000;

export async function findUsers({ db, plannedDb }: { db: DbOrTx; plannedDb: DbOrTx }, kv: Kv, principal: Principal, q: UserListQuery) {
  // The search without its page and order: the key of its total, cached and remembered.
  const search = { scope: principal.scopePaths, q: { ...q, page: 0, size: 0, sort: '' } };
  const countTotal = (knownVersions?: string) =>
    cachedCount(
      db,
      kv,
      COUNTED_TABLES,
      search,
      async () => {
        const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(userListWhere(principal, q));
        return row!.total;
      },
      knownVersions,
    );
  // A narrowed list (subtree scope or any filter) lets the number of matches choose the plan: the
  // total seen last time, else the total first. The whole unfiltered list is never few.
  const scope = scopeReach(principal);
  const narrowed = scope === 'subtrees' || !!q.keyword || q.status !== undefined || q.kind !== undefined || q.orgId !== undefined;
  const searchKey = narrowed ? JSON.stringify(search) : '';
  let total: number | undefined;
  let matches = narrowed ? seenTotals.get(searchKey) : undefined;
  if (narrowed && matches === undefined) matches = total = await countTotal();

  const { key, desc: isDesc } = parseSort(q.sort, USER_SORT_KEYS, 'id');
  const shape: ListShape = {
    scope,
    status: q.status !== undefined,
    kind: q.kind !== undefined,
    orgId: q.orgId !== undefined,
    keyword: !!q.keyword,
    plan: matches !== undefined && matches <= FEW_MATCHES ? 'collect' : 'walk',
    sortKey: key,
    desc: isDesc,
  };
  const shapeKey = Object.values(shape).join();
  // Named on the planned connections (one generic plan each); unnamed otherwise, so PostgreSQL
  // plans it per run and never settles on a generic plan by itself.
  const once = planOnce(shape, q.keyword);
  const runOn = once ? plannedDb : db;
  let statements = listStatements.get(runOn);
  if (!statements) listStatements.set(runOn, (statements = new Map()));
  const name = once ? `user_list:${shapeKey}` : '';
  let statement = statements.get(name || shapeKey);
  if (!statement) statements.set(name || shapeKey, (statement = prepareList(runOn, shape, name)));

  const rows = await statement.execute({
    scope: shape.scope === 'subtrees' ? scopePatterns(principal) : undefined,
    status: q.status,
    kind: q.kind,
    orgId: q.orgId,
    keyword: q.keyword ? keywordPattern(q.keyword) : undefined,
    fence: 0,
    size: q.size,
    offset: (q.page - 1) * q.size,
  });
  total ??= await countTotal(rows[0]?.versions);
  if (narrowed) {
    if (seenTotals.size >= SEEN_TOTALS_MAX) seenTotals.delete(seenTotals.keys().next().value!);
    seenTotals.set(searchKey, total);
  }

  const records: Omit<UserRow, 'abilities'>[] = rows.map(({ versions: _v, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  return { records, total, page: q.page, size: q.size };
}

// ---- Single records ----

export type UserKind = 'employee' | 'student';
const UNIQUE_FIELDS = {
  users_username_uq: ['DUPLICATE_USER_NAME', 'username'],
  users_email_uq: ['DUPLICATE_EMAIL', 'email'],
  users_phone_uq: ['DUPLICATE_PHONE', 'phone'],
  users_card_number_uq: ['DUPLICATE_CARD_NUMBER', 'cardNumber'],
} as const;


/** Turns a unique violation on users into the matching DUPLICATE_* error; rethrows anything else. */
export function rethrowUserWriteError(e: unknown): never {
  const pg = pgErrorOf(e);
  if (pg?.code === '23505' && pg.constraint && pg.constraint in UNIQUE_FIELDS) {
    const [name, field] = UNIQUE_FIELDS[pg.constraint as keyof typeof UNIQUE_FIELDS];
    throw new AppError(name, { field });
  }
  if (pg?.code === '23503') throw new AppError('DATA_IN_USE');
  throw e;
}

export interface UniqueProbe {
  username?: string | null;
  email?: string | null;
  phone?: string | null;
  cardNumber?: string | null;
}

/** First unique field already held by another user, as the error to throw. */
export async function findUniqueConflict(db: DbOrTx, probe: UniqueProbe, excludeId?: number): Promise<AppError | null> {
  const conds: SQL[] = [];
  if (probe.username) conds.push(sql`lower(${users.username}) = lower(${probe.username})`);
  if (probe.email) conds.push(sql`lower(${users.email}) = lower(${probe.email})`);
  if (probe.phone) conds.push(eq(users.phone, probe.phone));
  if (probe.cardNumber) conds.push(eq(users.cardNumber, probe.cardNumber));
  if (!conds.length) return null;
  const rows = await db
    .select({ username: users.username, email: users.email, phone: users.phone, cardNumber: users.cardNumber })
    .from(users)
    .where(and(or(...conds), excludeId ? ne(users.id, excludeId) : undefined))
    .limit(10);
  const lc = (s: string | null | undefined) => (s ?? '').toLowerCase();
  if (probe.username && rows.some((r) => lc(r.username) === lc(probe.username))) return new AppError('DUPLICATE_USER_NAME', { field: 'username' });
  if (probe.email && rows.some((r) => lc(r.email) === lc(probe.email))) return new AppError('DUPLICATE_EMAIL', { field: 'email' });
  if (probe.phone && rows.some((r) => r.phone === probe.phone)) return new AppError('DUPLICATE_PHONE', { field: 'phone' });
  if (probe.cardNumber && rows.some((r) => r.cardNumber === probe.cardNumber)) return new AppError('DUPLICATE_CARD_NUMBER', { field: 'cardNumber' });
  return null;
}

/** Users by id with the path of their organization (for data-scope checks). */
export async function findUsersWithPaths(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, username: users.username, kind: users.kind, status: users.status, orgId: users.orgId, leaderId: users.leaderId, orgPath: organizations.path })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .where(inArray(users.id, ids));
}

/**
 * Locks the users' rows (inside a transaction, in id order), so a check that follows reads roles
 * and scopes as committed by whoever held them, and nobody changes them before the caller's write.
 */
export async function lockUsers(tx: DbOrTx, ids: number[]) {
  if (ids.length) await tx.execute(sql`select id from users where id = any(${sql.param(ids)}::int[]) order by id for update`);
}

/**
 * Of these users, those beyond what a caller holds, in one statement: `codes` when a role they
 * hold (whatever its status: a frozen role can be unfrozen later; the built-in `exemptRoleKey` aside) carries a
 * product code outside the caller's `codes` (a code the product no longer has grants nothing);
 * `scope` when their data scope (their own scopes plus their roles', else their organization's
 * subtree, as the principal computes it) leaves the caller's subtrees.
 * Before a write, call it after `lockUsers` in the same transaction.
 */
export async function findUsersBeyondReach(
  db: DbOrTx,
  ids: number[],
  caller: { codes: string[]; scopePatterns: string[]; exemptRoleKey: string },
): Promise<{ id: number; codes: boolean; scope: boolean }[]> {
  if (!ids.length) return [];
  const idsParam = sql.param(ids);
  const { rows } = await db.execute<{ id: number; codes: boolean; scope: boolean }>(sql`
    select * from (
      select u.id,
             exists(select 1 from user_roles ur join roles r on r.id = ur.role_id
                     where ur.user_id = u.id and r.builtin_key is distinct from ${caller.exemptRoleKey}
                       and exists(select 1 from unnest(r.permissions) c
                                   where c = any(${sql.param([...ALL_PERMISSION_CODES])}::text[])
                                     and c <> all(${sql.param(caller.codes)}::text[]))) as codes,
             exists(select 1 from organizations o
                     where o.id = any(coalesce(nullif(array(select ds.org_id from user_data_scopes ds where ds.user_id = u.id
                                                            union
                                                            select rs.org_id from user_roles ur join role_data_scopes rs on rs.role_id = ur.role_id
                                                             where ur.user_id = u.id), '{}'),
                                               array[u.org_id]))
                       and not o.path like any(${sql.param(caller.scopePatterns)}::text[])) as scope
        from users u where u.id = any(${idsParam}::int[])) t
     where t.codes or t.scope
     order by t.id`);
  return rows;
}


export async function getUserDetail(db: DbOrTx, id: number): Promise<(Omit<UserDetail, 'abilities'> & { orgPath: string | null; leaderOrgPath: string | null }) | null> {
  const leader = alias(users, 'leader');
  const leaderOrg = alias(organizations, 'leader_org');
  const [row] = await db
    .select({
      ...IDENTITY_COLUMNS,
      type: users.type,
      city: users.city,
      leaderId: users.leaderId,
      leaderName: leader.realname,
      leaderOrgPath: leaderOrg.path,
      team: users.team,
      status: users.status,
      post: users.post,
      orgId: users.orgId,
      orgName: organizations.name,
      orgPath: organizations.path,
      entryDate: users.entryDate,
      idNumber: users.idNumber,
      validUntil: users.validUntil,
      labels: users.labels,
      points: users.points,
      avatar: users.avatar,
      firstLogin: users.firstLogin,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(leader, eq(leader.id, users.leaderId))
    .leftJoin(leaderOrg, eq(leaderOrg.id, leader.orgId))
    .where(eq(users.id, id));
  if (!row) return null;
  const [roleIds, scopeOrgIds] = await Promise.all([
    db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id)).orderBy(userRoles.roleId),
    db.select({ id: userDataScopes.orgId }).from(userDataScopes).where(eq(userDataScopes.userId, id)).orderBy(userDataScopes.orgId),
  ]);
  return {
    ...row,
    validUntil: row.validUntil ? row.validUntil.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    roleIds: roleIds.map((r) => r.id),
    scopeOrgIds: scopeOrgIds.map((r) => r.id),
  };
}

export async function replaceUserRoles(tx: DbOrTx, userId: number, roleIds: number[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await tx.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
}

export async function replaceUserScopes(tx: DbOrTx, userId: number, orgIds: number[]) {
  await tx.delete(userDataScopes).where(eq(userDataScopes.userId, userId));
  if (orgIds.length) await tx.insert(userDataScopes).values([...new Set(orgIds)].map((orgId) => ({ userId, orgId })));
}

export async function getUserRoleIds(db: DbOrTx, userId: number) {
  const rows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.id);
}

export async function getUserScopeOrgIds(db: DbOrTx, userId: number) {
  const rows = await db.select({ id: userDataScopes.orgId }).from(userDataScopes).where(eq(userDataScopes.userId, userId)).orderBy(userDataScopes.orgId);
  return rows.map((r) => r.id);
}
