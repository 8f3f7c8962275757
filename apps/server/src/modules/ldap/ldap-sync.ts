import { CONSTANTS, type LdapMapping, type LdapSyncError, type LdapSyncReason, getKnown } from '@hanlin/shared';
import type { Tx } from '../../platform/db/client.js';
import { storedInitialPassword, type StoredPassword } from '../../platform/auth/credentials.js';
import { BUILTIN_ROLE_KEYS, findBuiltinRoleId } from '../roles/index.js';
import { isUniqueViolation, pgErrorOf } from '../../platform/db/pg-errors.js';
import { insertSyncedOrg, lockOrgTree, moveSyncedOrg, renameSyncedOrg } from '../orgs/index.js';
import { AppError } from '../../platform/errors.js';
import { dnParts, normalizeDn, type DirEntry } from './ldap-directory.js';
import * as repo from './ldap.repository.js';

const FIELD_MAX = 200;
const USERNAME_MIN = 3;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_RE = new RegExp(`^\\d{1,${CONSTANTS.PHONE_DIGITS}}$`);
const HASH_CONCURRENCY = 4;

export interface SyncCounts {
  orgsCreated: number;
  orgsUpdated: number;
  usersCreated: number;
  usersUpdated: number;
  errors: LdapSyncError[];
  /** Users whose organization changed: their cached sessions must be dropped. */
  movedUserIds: number[];
}

class EntryError extends Error {
  constructor(
    readonly reason: LdapSyncReason,
    readonly field?: string,
  ) {
    super(reason);
  }
}

const fieldOfConstraint = (c?: string) =>
  c?.includes('email')
    ? 'email'
    : c?.includes('phone')
      ? 'phone'
      : c?.includes('card')
        ? 'cardNumber'
        : c?.includes('name')
          ? 'name'
          : c?.includes('code')
            ? 'code'
            : 'username';

/** Counts values (ignoring empties) so duplicates inside the directory are reported on every entry. */
function tally(values: string[]) {
  const m = new Map<string, number>();
  for (const v of values) if (v) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

/** Nearest ancestor of `dn` that is one of the synchronized organizational units. */
function nearestOu(dn: string, ouDns: ReadonlySet<string>): string | undefined {
  const parts = dnParts(dn);
  for (let i = 1; i < parts.length; i++) {
    const candidate = parts.slice(i).join(',');
    if (ouDns.has(candidate)) return candidate;
  }
  return undefined;
}

/**
 * Applies the directory to the organization tree and the users, inside the caller's transaction.
 * Each entry is written under its own savepoint so one bad entry never undoes the others.
 */
export async function applyDirectory(tx: Tx, dir: { orgs: DirEntry[]; users: DirEntry[] }, mapping: LdapMapping): Promise<SyncCounts> {
  const out: SyncCounts = { orgsCreated: 0, orgsUpdated: 0, usersCreated: 0, usersUpdated: 0, errors: [], movedUserIds: [] };
  const fail = (dn: string, reason: LdapSyncReason, field?: string) => out.errors.push({ dn, reason, ...(field ? { field } : {}) });

  // ---- Organizations, parents before children.
  await lockOrgTree(tx);
  const root = await repo.getRootOrg(tx);
  const links = await repo.getOrgLinks(tx);
  const orgs = [...dir.orgs].sort((a, b) => dnParts(a.dn).length - dnParts(b.dn).length);
  const ouDns = new Set(orgs.map((o) => normalizeDn(o.dn)));
  const codeCount = tally(orgs.map((o) => o.attrs[mapping.orgCode] ?? ''));
  const orgByDn = new Map<string, repo.OrgNode | null>();
  const touchedThisRun = new Set<number>();

  for (const entry of orgs) {
    const key = normalizeDn(entry.dn);
    orgByDn.set(key, null);
    const code = entry.attrs[mapping.orgCode] ?? '';
    const name = entry.attrs[mapping.orgName] ?? '';
    try {
      if (!code) throw new EntryError('CODE_EMPTY', 'code');
      if (code.length > FIELD_MAX) throw new EntryError('FIELD_TOO_LONG', 'code');
      if (!name) throw new EntryError('FIELD_EMPTY', 'name');
      if (name.length > FIELD_MAX) throw new EntryError('FIELD_TOO_LONG', 'name');
      if ((codeCount.get(code) ?? 0) > 1) throw new EntryError('DUPLICATE_NAME', 'code');
      const parentDn = nearestOu(entry.dn, ouDns);
      const parent = parentDn === undefined ? root : orgByDn.get(parentDn);
      if (!parent) throw new EntryError('PARENT_CODE_EMPTY', 'parentCode');

      const node = await tx.transaction(async (sp) => {
        const sibling = await repo.findSiblingByName(sp, parent.id, name, links.get(code));
        if (sibling) throw new EntryError(touchedThisRun.has(sibling) ? 'DUPLICATE_NAME' : 'DUPLICATE_EXISTING', 'name');
        const linkedId = links.get(code);
        let org = linkedId ? await repo.getOrg(sp, linkedId) : undefined;
        if (!org) {
          if (await repo.findOrgByCode(sp, code)) throw new EntryError('DUPLICATE_EXISTING', 'code');
          org = await insertSyncedOrg(sp, parent, { name, code }).catch((e: unknown) => {
            // The tree's own rules: too deep a department is this entry's error, named as such.
            if (e instanceof AppError && e.errorName === 'TREE_DEPTH_EXCEEDED') throw new EntryError('TREE_DEPTH_EXCEEDED', 'parentCode');
            if (e instanceof AppError && e.errorName === 'DUPLICATE_ORGANIZATION') throw new EntryError('DUPLICATE_EXISTING', 'name');
            throw e;
          });
          out.orgsCreated++;
        } else {
          let changed = false;
          if (org.name !== name) {
            await renameSyncedOrg(sp, org.id, name);
            org = { ...org, name };
            changed = true;
          }
          if (org.parentId !== parent.id) {
            // A directory cannot put a unit under its own descendant; the local tree might.
            if (parent.path.startsWith(org.path)) throw new EntryError('PARENT_CODE_EMPTY', 'parentCode');
            org = await moveSyncedOrg(sp, org, parent).catch((e: unknown) => {
              if (e instanceof AppError && e.errorName === 'TREE_DEPTH_EXCEEDED') throw new EntryError('TREE_DEPTH_EXCEEDED', 'parentCode');
              throw e;
            });
            changed = true;
          }
          if (changed) out.orgsUpdated++;
        }
        await repo.upsertOrgLink(sp, org.id, code, entry.dn);
        return org;
      });
      touchedThisRun.add(node.id);
      orgByDn.set(key, node);
    } catch (e) {
      if (e instanceof EntryError) fail(entry.dn, e.reason, e.field);
      else if (isUniqueViolation(e)) fail(entry.dn, 'DUPLICATE_EXISTING', fieldOfConstraint(pgErrorOf(e).constraint));
      else throw e;
    }
  }

  // ---- Users: validate everything first against one read of the clashing rows.
  const m = mapping;
  const rows = dir.users.map((e) => ({
    dn: e.dn,
    username: e.attrs[m.username] ?? '',
    realname: (e.attrs[m.realname] ?? '') || (e.attrs[m.username] ?? ''),
    email: e.attrs[m.email] ?? '',
    phone: e.attrs[m.phone] ?? '',
    cardNumber: e.attrs[m.cardNumber] ?? '',
  }));
  const seen = {
    username: tally(rows.map((r) => r.username.toLowerCase())),
    email: tally(rows.map((r) => r.email.toLowerCase())),
    phone: tally(rows.map((r) => r.phone)),
    cardNumber: tally(rows.map((r) => r.cardNumber)),
  };
  const userLinks = await repo.getUserLinks(tx, [...seen.username.keys()]);
  const clashing = await repo.findClashingUsers(tx, {
    usernames: [...seen.username.keys()],
    emails: [...seen.email.keys()],
    phones: [...seen.phone.keys()],
    cards: [...seen.cardNumber.keys()],
  });
  const linkedUsers = new Map((await repo.getUsersByIds(tx, [...userLinks.values()])).map((u) => [u.id, u]));
  const studentRoleId = await findBuiltinRoleId(tx, BUILTIN_ROLE_KEYS.student);

  type Plan = { dn: string; fields: repo.SyncedUserFields; existing?: repo.ExistingUser };
  const plans: Plan[] = [];
  for (const r of rows) {
    try {
      if (r.username.length < USERNAME_MIN || r.username.length > FIELD_MAX) throw new EntryError('USERNAME_LENGTH', 'username');
      if (r.realname.length > FIELD_MAX) throw new EntryError('FIELD_TOO_LONG', 'realname');
      if (!PHONE_RE.test(r.phone)) throw new EntryError('PHONE_INVALID', 'phone');
      if (!r.email || r.email.length > FIELD_MAX || !EMAIL_RE.test(r.email)) throw new EntryError('EMAIL_INVALID', 'email');
      if (r.cardNumber.length > FIELD_MAX) throw new EntryError('FIELD_TOO_LONG', 'cardNumber');
      if ((seen.username.get(r.username.toLowerCase()) ?? 0) > 1) throw new EntryError('DUPLICATE_NAME', 'username');
      if ((seen.email.get(r.email.toLowerCase()) ?? 0) > 1) throw new EntryError('DUPLICATE_NAME', 'email');
      if ((seen.phone.get(r.phone) ?? 0) > 1) throw new EntryError('DUPLICATE_NAME', 'phone');
      if (r.cardNumber && (seen.cardNumber.get(r.cardNumber) ?? 0) > 1) throw new EntryError('DUPLICATE_NAME', 'cardNumber');
      const ou = nearestOu(r.dn, ouDns);
      const org = ou === undefined ? undefined : orgByDn.get(ou);
      if (!org) throw new EntryError('DEPARTMENT_MISSING', 'orgCode');

      const linkedId = userLinks.get(r.username.toLowerCase());
      const others = clashing.filter((u) => u.id !== linkedId);
      if (others.some((u) => u.username.toLowerCase() === r.username.toLowerCase())) throw new EntryError('DUPLICATE_EXISTING', 'username');
      if (others.some((u) => u.email?.toLowerCase() === r.email.toLowerCase())) throw new EntryError('DUPLICATE_EXISTING', 'email');
      if (others.some((u) => u.phone === r.phone)) throw new EntryError('DUPLICATE_EXISTING', 'phone');
      if (r.cardNumber && others.some((u) => u.cardNumber === r.cardNumber)) throw new EntryError('DUPLICATE_EXISTING', 'cardNumber');

      plans.push({
        dn: r.dn,
        fields: { username: r.username, realname: r.realname, email: r.email, phone: r.phone, cardNumber: r.cardNumber || null, orgId: org.id },
        existing: linkedId ? linkedUsers.get(linkedId) : undefined,
      });
    } catch (e) {
      if (e instanceof EntryError) fail(r.dn, e.reason, e.field);
      else throw e;
    }
  }

  // New accounts start with the reset password (user name + 123) and must change it at first login.
  const hashes = new Map<string, StoredPassword>();
  const toCreate = plans.filter((p) => !p.existing);
  for (let i = 0; i < toCreate.length; i += HASH_CONCURRENCY) {
    const batch = toCreate.slice(i, i + HASH_CONCURRENCY);
    const done = await Promise.all(batch.map((p) => storedInitialPassword(p.fields.username)));
    batch.forEach((p, j) => hashes.set(p.dn, done[j]));
  }

  for (const p of plans) {
    try {
      await tx.transaction(async (sp) => {
        if (!p.existing) {
          await repo.insertLdapUser(sp, { ...p.fields, passwordHash: getKnown(hashes, p.dn, 'password hash'), roleId: studentRoleId, dn: p.dn });
          out.usersCreated++;
          return;
        }
        const x = p.existing;
        const f = p.fields;
        const changed = x.realname !== f.realname || x.email !== f.email || x.phone !== f.phone || x.cardNumber !== f.cardNumber || x.orgId !== f.orgId;
        if (changed) {
          await repo.updateLdapUser(sp, x.id, f, p.dn);
          out.usersUpdated++;
          if (x.orgId !== f.orgId) out.movedUserIds.push(x.id);
        } else await repo.touchUserLink(sp, x.id, p.dn);
      });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      fail(p.dn, 'DUPLICATE_EXISTING', fieldOfConstraint(pgErrorOf(e).constraint));
    }
  }
  return out;
}
