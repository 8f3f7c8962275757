import { isNull, or, sql, type SQL } from 'drizzle-orm';
import { isPasswordAcceptable, type RegistrationListQuery, type RegistrationSubmit } from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Kv } from '../../platform/kv.js';
import type { RsaKeys } from '../../platform/auth/rsa.js';
import type { Principal } from '../../platform/auth/principal.js';
import { AppError } from '../../platform/errors.js';
import { inScope, pathInScope } from '../../platform/scope.js';
import { hashPassword } from '../../platform/auth/password.js';
import { BUILTIN_ROLES } from '../roles/index.js';
import { registrations } from './registration.schema.js';
import * as repo from './registration.repository.js';

interface Deps {
  db: Db;
  kv: Kv;
  rsa: RsaKeys;
}

const DUPLICATE = {
  username: 'DUPLICATE_USER_NAME',
  email: 'DUPLICATE_EMAIL',
  phone: 'DUPLICATE_PHONE',
} as const;
const FIELDS = ['username', 'email', 'phone'] as const;

function throwIfTaken(taken: Set<string>) {
  for (const f of FIELDS) if (taken.has(f)) throw new AppError(DUPLICATE[f], { field: f });
}

export function createRegistrationService({ db, kv, rsa }: Deps) {
  async function rootOrg() {
    const root = await repo.findRootOrg(db);
    if (!root) throw new AppError('NOT_FOUND_ERROR', { field: 'orgId' });
    return root;
  }

  /** Registrations the caller may see: organizations in scope, and those without one for root-scope admins. */
  async function scopeOf(principal: Principal): Promise<{ where: SQL; rootInScope: boolean }> {
    const rootInScope = pathInScope(principal, (await rootOrg()).path);
    const where = rootInScope ? or(inScope(principal, registrations.orgId), isNull(registrations.orgId))! : inScope(principal, registrations.orgId);
    return { where, rootInScope };
  }

  return {
    async departments() {
      return repo.findSecondLevelDepartments(db, (await rootOrg()).id);
    },

    async submit(input: RegistrationSubmit) {
      const stored = await kv.take(`captcha:${input.captchaKey}`);
      if (!stored || stored.toLowerCase() !== input.captcha.toLowerCase()) throw new AppError('CAPTCHA_NOT_MATCH', { field: 'captcha' });
      const password = await rsa.decrypt(input.password);
      if (!isPasswordAcceptable(password)) throw new AppError('PASSWORD_FORMAT_ERROR', { field: 'password' });
      if (input.orgId !== undefined) {
        const [org, root] = await Promise.all([repo.findOrg(db, input.orgId), rootOrg()]);
        if (!org || org.parentId !== root.id || org.status !== 'normal') throw new AppError('PARAMETER_INVALID', { field: 'orgId' });
      }
      const values = { username: input.username, email: input.email, phone: input.phone ?? null };
      throwIfTaken(await repo.findTaken(db, values, { pendingToo: true }));
      return await repo.insertRegistration(db, {
        ...values,
        realname: input.realname,
        orgId: input.orgId ?? null,
        kind: input.kind,
        passwordHash: await hashPassword(password),
      });
    },

    async list(principal: Principal, q: RegistrationListQuery) {
      return repo.findRegistrations(db, (await scopeOf(principal)).where, q);
    },

    async get(principal: Principal, id: number) {
      const row = await repo.getRegistration(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      const { where } = await scopeOf(principal);
      const [visible] = (await db.execute<{ n: number }>(sql`select 1 as n from registrations where id = ${id} and ${where}`)).rows;
      if (!visible) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
      return row;
    },

    /**
     * Creates one student account per registration in a single transaction: a row already
     * decided, out of scope, or whose name/e-mail/phone was taken meanwhile fails the whole batch.
     */
    async approve(principal: Principal, ids: number[]) {
      const unique = [...new Set(ids)];
      const root = await rootOrg();
      const rootInScope = pathInScope(principal, root.path);
      const created = await db.transaction(async (tx) => {
        const rows = await repo.lockRegistrations(tx, unique);
        if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        for (const r of rows) {
          if (!(r.org_path ? pathInScope(principal, r.org_path) : rootInScope)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'ids' });
        }
        for (const r of rows) if (r.status !== 'pending') throw new AppError('REPEAT_APPROVAL', { field: 'ids' });
        const roleId = await repo.findRoleIdByName(tx, BUILTIN_ROLES.student);
        if (!roleId) throw new AppError('NOT_FOUND_ERROR', { field: 'role' });
        const userIds: number[] = [];
        for (const r of rows) {
          throwIfTaken(await repo.findTaken(tx, r, { pendingToo: false }));
          const userId = await repo.insertUserFromRegistration(tx, {
            username: r.username,
            realname: r.realname,
            email: r.email,
            phone: r.phone,
            orgId: r.org_id ?? root.id,
            kind: r.kind,
            passwordHash: r.password_hash,
            roleId,
          });
          await repo.markDecided(tx, [r.id], { status: 'approved', reviewedBy: principal.userId, userId });
          userIds.push(userId);
        }
        return userIds;
      });
      return { approved: created.length, userIds: created };
    },

    async refuse(principal: Principal, ids: number[], reason: string) {
      const unique = [...new Set(ids)];
      const rootInScope = pathInScope(principal, (await rootOrg()).path);
      await db.transaction(async (tx) => {
        const rows = await repo.lockRegistrations(tx, unique);
        if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        for (const r of rows) {
          if (!(r.org_path ? pathInScope(principal, r.org_path) : rootInScope)) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'ids' });
        }
        for (const r of rows) if (r.status !== 'pending') throw new AppError('REPEAT_APPROVAL', { field: 'ids' });
        await repo.markDecided(tx, unique, { status: 'refused', reviewedBy: principal.userId, reason });
      });
      return { refused: unique.length };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
