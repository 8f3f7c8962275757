import { aliasedTable, and, asc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { parseSort, REGISTRATION_SORT_KEYS, type RegistrationListQuery, type RegistrationRow, type RegistrationStatus } from '@hanlin/shared';
import type { DbOrTx } from '../../platform/db/client.js';
import { organizations } from '../orgs/index.js';
import { users } from '../users/index.js';
import { registrations } from './registration.schema.js';
import type { Principal } from '../../platform/auth/principal.js';
import { defineList, type ListRuntime } from '../../platform/list.js';
import { onlyRow } from '../../platform/db/rows.js';
import type { StoredPassword } from '../../platform/auth/credentials.js';

const reviewers = aliasedTable(users, 'reviewers');
const sortColumns = { id: registrations.id, createdAt: registrations.createdAt, username: registrations.username } as const;

export async function findRootOrg(db: DbOrTx) {
  const [root] = await db
    .select({ id: organizations.id, path: organizations.path })
    .from(organizations)
    .where(isNull(organizations.parentId))
    .orderBy(organizations.id)
    .limit(1);
  return root;
}

/** Second-level departments offered on the registration page. */
export async function findSecondLevelDepartments(db: DbOrTx, rootId: number) {
  return db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.parentId, rootId), eq(organizations.status, 'normal')))
    .orderBy(asc(organizations.sort), asc(organizations.id));
}

export async function findOrg(db: DbOrTx, id: number) {
  const [o] = await db
    .select({ id: organizations.id, parentId: organizations.parentId, path: organizations.path, status: organizations.status })
    .from(organizations)
    .where(eq(organizations.id, id));
  return o;
}

/** Which of username / e-mail / phone / card number an account (`taken`) or a pending registration (`pending`) already holds. */
export async function findTaken(db: DbOrTx, v: { username: string; email: string; phone?: string | null; cardNumber?: string | null }, opts: { pendingToo: boolean }) {
  const phone = v.phone ?? null;
  const card = v.cardNumber ?? null;
  const pending = opts.pendingToo
    ? sql`union all
      select 'username', true from registrations where status = 'pending' and lower(username) = lower(${v.username})
      union all select 'email', true from registrations where status = 'pending' and lower(email) = lower(${v.email})
      union all select 'phone', true from registrations where status = 'pending' and ${phone}::text is not null and phone = ${phone}
      union all select 'cardNumber', true from registrations where status = 'pending' and ${card}::text is not null and card_number = ${card}`
    : sql``;
  const { rows } = await db.execute<{ field: string; pending: boolean }>(sql`
    select 'username' as field, false as pending from users where lower(username) = lower(${v.username})
    union all select 'email', false from users where lower(email) = lower(${v.email})
    union all select 'phone', false from users where ${phone}::text is not null and phone = ${phone}
    union all select 'cardNumber', false from users where ${card}::text is not null and card_number = ${card}
    ${pending}`);
  return { taken: new Set(rows.filter((r) => !r.pending).map((r) => r.field)), pending: new Set(rows.filter((r) => r.pending).map((r) => r.field)) };
}

export async function insertRegistration(
  db: DbOrTx,
  v: {
    username: string;
    realname: string;
    email: string;
    phone: string | null;
    cardNumber: string | null;
    orgId: number | null;
    kind: (typeof registrations.$inferInsert)['kind'];
    passwordHash: StoredPassword;
  },
) {
  const r = onlyRow(await db.insert(registrations).values(v).returning({ id: registrations.id, status: registrations.status }));
  return r;
}

const rowColumns = {
  id: registrations.id,
  username: registrations.username,
  realname: registrations.realname,
  email: registrations.email,
  phone: registrations.phone,
  cardNumber: registrations.cardNumber,
  orgId: registrations.orgId,
  orgName: organizations.name,
  kind: registrations.kind,
  status: registrations.status,
  reason: registrations.reason,
  reviewedBy: registrations.reviewedBy,
  reviewerName: reviewers.realname,
  reviewedAt: registrations.reviewedAt,
  userId: registrations.userId,
  createdAt: registrations.createdAt,
};

function present({
  createdAt,
  reviewedAt,
  ...r
}: Omit<RegistrationRow, 'createdAt' | 'reviewedAt' | 'abilities'> & { createdAt: Date; reviewedAt: Date | null }): Omit<RegistrationRow, 'abilities'> {
  return { ...r, createdAt: createdAt.toISOString(), reviewedAt: reviewedAt ? reviewedAt.toISOString() : null };
}

function baseSelect(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(registrations)
    .leftJoin(organizations, eq(organizations.id, registrations.orgId))
    .leftJoin(reviewers, eq(reviewers.id, registrations.reviewedBy));
}

/**
 * Registrations the caller may see: organizations in scope; a scope holding the root sees all,
 * those without an organization too.
 */
export const registrationList = defineList({
  name: 'registration_list',
  table: registrations,
  tables: ['registrations', 'organizations'],
  scope: { column: registrations.orgId },
  filters: { status: (v) => eq(registrations.status, v), kind: (v) => eq(registrations.kind, v) },
  keyword: (pattern) =>
    or(ilike(registrations.username, pattern), ilike(registrations.realname, pattern), ilike(registrations.email, pattern), ilike(registrations.phone, pattern)),
  sort: sortColumns,
  columns: rowColumns,
  join: (q) => q.leftJoin(organizations, eq(organizations.id, registrations.orgId)).leftJoin(reviewers, eq(reviewers.id, registrations.reviewedBy)),
});

export async function findRegistrations(lists: ListRuntime, principal: Principal, q: RegistrationListQuery) {
  // Unknown keys fall back to the newest first, as before.
  const { key, desc: isDesc } = parseSort(q.sort, REGISTRATION_SORT_KEYS, 'id');
  const page = await registrationList.run(lists, principal, { ...q, sort: `${isDesc ? '-' : ''}${key}` });
  return { ...page, records: page.records.map(present) };
}

export async function getRegistration(db: DbOrTx, id: number) {
  const [r] = await baseSelect(db).where(eq(registrations.id, id));
  return r ? present(r) : undefined;
}

/** Locks the rows being decided (in id order, so concurrent decisions cannot deadlock). */
export async function lockRegistrations(tx: DbOrTx, ids: number[]) {
  const { rows } = await tx.execute<{
    id: number;
    username: string;
    realname: string;
    email: string;
    phone: string | null;
    card_number: string | null;
    org_id: number | null;
    org_path: string | null;
    kind: string;
    password_hash: StoredPassword;
    status: RegistrationStatus;
  }>(sql`
    select r.id, r.username, r.realname, r.email, r.phone, r.card_number, r.org_id, o.path as org_path, r.kind, r.password_hash, r.status
      from registrations r left join organizations o on o.id = r.org_id
     where r.id = any(${sql.param(ids)}::int[]) order by r.id for update of r`);
  return rows;
}

export async function markDecided(tx: DbOrTx, ids: number[], v: { status: 'approved' | 'refused'; reviewedBy: number; reason?: string | null; userId?: number | null }) {
  await tx
    .update(registrations)
    .set({ status: v.status, reviewedBy: v.reviewedBy, reviewedAt: sql`now()`, reason: v.reason ?? null, ...(v.userId ? { userId: v.userId } : {}) })
    .where(and(inArray(registrations.id, ids), eq(registrations.status, 'pending')));
}
