import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { organizations, type SyncedOrg } from '../orgs/index.js';
import type { StoredPassword } from '../../platform/auth/credentials.js';
import { insertAccount, updateDirectoryFields, users } from '../users/index.js';
import { ldapOrgLinks, ldapUserLinks } from './ldap.schema.js';

/** An organization as the sync walks it (the orgs module's directory view). */
export type OrgNode = SyncedOrg;
const orgCols = {
  id: organizations.id,
  name: organizations.name,
  code: organizations.code,
  parentId: organizations.parentId,
  path: organizations.path,
  depth: organizations.depth,
};

export async function getRootOrg(db: DbOrTx): Promise<OrgNode> {
  const [root] = await db.select(orgCols).from(organizations).where(isNull(organizations.parentId)).orderBy(organizations.id).limit(1);
  return root;
}

export async function getOrg(db: DbOrTx, id: number): Promise<OrgNode | undefined> {
  const [row] = await db.select(orgCols).from(organizations).where(eq(organizations.id, id));
  return row;
}

export async function findOrgByCode(db: DbOrTx, code: string) {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.code, code));
  return row?.id;
}

/** Another organization with this name under the same parent (the name is unique per parent). */
export async function findSiblingByName(db: DbOrTx, parentId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.parentId, parentId), eq(organizations.name, name), exceptId ? ne(organizations.id, exceptId) : undefined));
  return row?.id;
}

export async function getOrgLinks(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db.select({ code: ldapOrgLinks.code, orgId: ldapOrgLinks.orgId }).from(ldapOrgLinks);
  return new Map(rows.map((r) => [r.code, r.orgId]));
}

export async function upsertOrgLink(db: DbOrTx, orgId: number, code: string, dn: string) {
  await db
    .insert(ldapOrgLinks)
    .values({ orgId, code, dn })
    .onConflictDoUpdate({ target: ldapOrgLinks.orgId, set: { code, dn, syncedAt: sql`now()` } });
}

export async function getUserLinks(db: DbOrTx, lowerNames: string[]): Promise<Map<string, number>> {
  if (!lowerNames.length) return new Map();
  const rows = await db.select({ username: ldapUserLinks.username, userId: ldapUserLinks.userId }).from(ldapUserLinks).where(inArray(ldapUserLinks.username, lowerNames));
  return new Map(rows.map((r) => [r.username, r.userId]));
}

export interface ExistingUser {
  id: number;
  username: string;
  realname: string;
  email: string | null;
  phone: string | null;
  cardNumber: string | null;
  orgId: number | null;
}

/** Users clashing with any of the given names, e-mails, phones or card numbers. */
export async function findClashingUsers(db: DbOrTx, keys: { usernames: string[]; emails: string[]; phones: string[]; cards: string[] }): Promise<ExistingUser[]> {
  const { rows } = await db.execute<ExistingUser & Record<string, unknown>>(sql`
    select id, username, realname, email, phone, card_number as "cardNumber", org_id as "orgId" from users
     where lower(username) = any(${sql.param(keys.usernames)}::text[])
        or lower(email) = any(${sql.param(keys.emails)}::text[])
        or phone = any(${sql.param(keys.phones)}::text[])
        or card_number = any(${sql.param(keys.cards)}::text[])`);
  return rows;
}

export async function getUsersByIds(db: DbOrTx, ids: number[]): Promise<ExistingUser[]> {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      username: users.username,
      realname: users.realname,
      email: users.email,
      phone: users.phone,
      cardNumber: users.cardNumber,
      orgId: users.orgId,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

export interface SyncedUserFields {
  username: string;
  realname: string;
  email: string;
  phone: string;
  cardNumber: string | null;
  orgId: number;
}

/** A new account from the directory (written by the users module), linked to its entry. */
export async function insertLdapUser(db: DbOrTx, v: SyncedUserFields & { passwordHash: StoredPassword; roleId: number | null; dn: string }) {
  const id = await insertAccount(db, {
    username: v.username,
    realname: v.realname,
    email: v.email,
    phone: v.phone,
    cardNumber: v.cardNumber,
    orgId: v.orgId,
    kind: 'employee',
    passwordHash: v.passwordHash,
    firstLogin: true,
    roleIds: v.roleId ? [v.roleId] : [],
  });
  await db.insert(ldapUserLinks).values({ userId: id, username: v.username.toLowerCase(), dn: v.dn });
  return id;
}

export async function updateLdapUser(db: DbOrTx, id: number, v: SyncedUserFields, dn: string) {
  await updateDirectoryFields(db, id, v);
  await db
    .update(ldapUserLinks)
    .set({ dn, syncedAt: sql`now()` })
    .where(eq(ldapUserLinks.userId, id));
}

export async function touchUserLink(db: DbOrTx, id: number, dn: string) {
  await db
    .update(ldapUserLinks)
    .set({ dn, syncedAt: sql`now()` })
    .where(eq(ldapUserLinks.userId, id));
}
