import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AudienceCandidate, AudienceSearch, AudienceTarget, AudienceTargetRow, AudienceTargetType } from '@hanlin/shared';
import { AudienceSearchSchema } from '@hanlin/shared';
import type { Principal } from '../../platform/auth/principal.js';
import type { DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { inScope, pathInScope, scopeReach } from '../../platform/scope.js';

/** Who owns an audience: a course, an assignment, a notice, an exam … */
export interface AudienceOwner {
  type: string;
  id: number;
}

/**
 * The (target type, target id) pairs that name a user: the user, each organization on the path
 * of theirs (an organization target covers its subtree), their position and their learning groups.
 */
function keysOf(userId: SQLWrapper): SQL {
  return sql`select 'user'::text, ${userId}::int
    union all select 'org', unnest(string_to_array(trim(both '/' from o.path), '/'))::int from users u join organizations o on o.id = u.org_id where u.id = ${userId}
    union all select 'position', u.position_id from users u where u.id = ${userId} and u.position_id is not null
    union all select 'group', m.group_id from learning_group_members m where m.user_id = ${userId}`;
}

/**
 * A statement answering the ids of the owners of one type whose audience includes the user: from
 * the user's few keys straight to the audience rows naming them (`audience_targets_reach_idx`,
 * index-only), never reading the other rows of an audience however large it is.
 */
export function audienceOwnersOf(ownerType: string, userId: SQLWrapper): SQL {
  return sql`select a.owner_id from (${keysOf(userId)}) k(target_type, target_id)
    join audience_targets a on a.target_type = k.target_type and a.target_id = k.target_id and a.owner_type = ${ownerType}`;
}

/**
 * A WHERE fragment: the user belongs to the audience of the owner whose id is `ownerId` (a
 * column of the outer statement or a value). The owners the user reaches are found once per
 * statement (`audienceOwnersOf`), so a list of many owners does not look at each audience.
 */
export function inAudience(ownerType: string, ownerId: SQLWrapper, userId: SQLWrapper): SQL {
  return sql`${ownerId} in (${audienceOwnersOf(ownerType, userId)})`;
}

/** A statement answering the ids of every user (any status) in an owner's audience. */
export function audienceUserIds(owner: AudienceOwner): SQL {
  const own = sql`a.owner_type = ${owner.type} and a.owner_id = ${owner.id}`;
  return sql`select a.target_id as user_id from audience_targets a where ${own} and a.target_type = 'user'
    union select u.id from audience_targets a join organizations ao on ao.id = a.target_id
      join organizations o on o.path like ao.path || '%' join users u on u.org_id = o.id where ${own} and a.target_type = 'org'
    union select u.id from audience_targets a join users u on u.position_id = a.target_id where ${own} and a.target_type = 'position'
    union select m.user_id from audience_targets a join learning_group_members m on m.group_id = a.target_id where ${own} and a.target_type = 'group'`;
}

const keyOf = (t: AudienceTarget) => `${t.type}:${t.id}`;

/** Targets with their names and, where the type has one, the organization path that decides scope. */
async function describe(db: DbOrTx, targets: readonly AudienceTarget[]) {
  const ids = (type: AudienceTargetType) => sql.param(targets.filter((t) => t.type === type).map((t) => t.id));
  const { rows } = await db.execute<{ type: AudienceTargetType; id: number; name: string; path: string | null }>(sql`
    select 'user' as type, u.id, u.realname || ' (' || u.username || ')' as name, o.path from users u left join organizations o on o.id = u.org_id where u.id = any(${ids('user')}::int[])
    union all select 'org', o.id, o.name, o.path from organizations o where o.id = any(${ids('org')}::int[])
    union all select 'position', p.id, p.name, null from positions p where p.id = any(${ids('position')}::int[])
    union all select 'group', g.id, g.name, o.path from learning_groups g join organizations o on o.id = g.org_id where g.id = any(${ids('group')}::int[])`);
  return new Map(rows.map((r) => [keyOf(r), r]));
}

/** The audience as stored, with names for display (a target deleted since shows no name). */
export async function getAudience(db: DbOrTx, owner: AudienceOwner): Promise<AudienceTargetRow[]> {
  const { rows } = await db.execute<AudienceTarget>(
    sql`select target_type as type, target_id as id from audience_targets where owner_type = ${owner.type} and owner_id = ${owner.id} order by target_type, target_id`,
  );
  const names = await describe(db, rows);
  return rows.map((t) => ({ type: t.type, id: t.id, name: names.get(keyOf(t))?.name ?? null }));
}

/**
 * Replaces an owner's audience inside the caller's transaction. Targets must exist
 * (NOT_FOUND_ERROR naming them in `data.missing`); targets the caller adds must lie inside their
 * data scope (NO_DATA_PERMISSION_ERROR naming them in `data.beyond`: the page offers to remove
 * them and save again). Targets already in the audience stay, whoever set them. Positions are
 * company-wide and in everybody's reach.
 */
export async function setAudience(tx: DbOrTx, principal: Principal, owner: AudienceOwner, targets: readonly AudienceTarget[]): Promise<void> {
  const unique = [...new Map(targets.map((t) => [keyOf(t), t])).values()];
  const before = new Set((await getAudience(tx, owner)).map(keyOf));
  const found = await describe(tx, unique);
  const missing = unique.filter((t) => !found.has(keyOf(t)));
  if (missing.length) throw new AppError('NOT_FOUND_ERROR', { field: 'audience', data: { missing } });
  const beyond = unique.filter((t) => {
    if (before.has(keyOf(t)) || t.type === 'position') return false;
    const path = found.get(keyOf(t))?.path;
    return !path || !pathInScope(principal, path);
  });
  if (beyond.length) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'audience', data: { beyond } });
  await clearAudience(tx, owner);
  if (!unique.length) return;
  const values = sql.join(
    unique.map((t) => sql`(${owner.type}, ${owner.id}, ${t.type}, ${t.id})`),
    sql`, `,
  );
  await tx.execute(sql`insert into audience_targets (owner_type, owner_id, target_type, target_id) values ${values}`);
}

/** Removes an owner's audience (when the owner is deleted). */
export async function clearAudience(tx: DbOrTx, owner: AudienceOwner): Promise<void> {
  await tx.execute(sql`delete from audience_targets where owner_type = ${owner.type} and owner_id = ${owner.id}`);
}

/** The audience picker's candidates: by name, within the caller's data scope (positions: all). */
export async function searchCandidates(db: DbOrTx, principal: Principal, input: AudienceSearch): Promise<AudienceCandidate[]> {
  const q = AudienceSearchSchema.parse(input);
  const like = `%${(q.keyword ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (q.type !== 'position' && scopeReach(principal) === 'none') return [];
  const stmt = {
    user: sql`select 'user' as type, u.id, u.realname as name, u.username || coalesce(' · ' || o.name, '') as detail from users u left join organizations o on o.id = u.org_id
      where (u.realname ilike ${like} or u.username ilike ${like}) and ${inScope(principal, sql`u.org_id`)} order by u.realname, u.id limit ${q.limit}`,
    org: sql`select 'org' as type, o.id, o.name, null as detail from organizations o where o.name ilike ${like} and ${inScope(principal, sql`o.id`)} order by o.path limit ${q.limit}`,
    position: sql`select 'position' as type, p.id, p.name, p.description as detail from positions p where p.name ilike ${like} order by p.sort, p.id limit ${q.limit}`,
    group: sql`select 'group' as type, g.id, g.name, o.name as detail from learning_groups g join organizations o on o.id = g.org_id
      where g.name ilike ${like} and ${inScope(principal, sql`g.org_id`)} order by g.name, g.id limit ${q.limit}`,
  }[q.type];
  return (await db.execute<AudienceCandidate>(stmt)).rows;
}
