import { isNull, sql, type SQL } from 'drizzle-orm';
import {
  isPasswordAcceptable,
  REGISTRATION_LIFECYCLE,
  type Page,
  type RegistrationAbilities,
  type RegistrationListQuery,
  type RegistrationRow,
  type RegistrationStatus,
  type RegistrationSubmit,
} from '@hanlin/shared';
import type { Db } from '../../platform/db/client.js';
import type { Kv } from '../../platform/kv.js';
import type { RsaKeys } from '../../platform/auth/rsa.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { ListRuntime } from '../../platform/list.js';
import { AppError } from '../../platform/errors.js';
import { inScope, pathInScope, requireInScope } from '../../platform/scope.js';
import { storedPassword } from '../../platform/auth/credentials.js';
import { findDefaultRoleId } from '../roles/index.js';
import { insertAccount } from '../users/index.js';
import { sendMessage } from '../messages/index.js';
import { PENDING, registrations } from './registration.schema.js';
import * as repo from './registration.repository.js';
import { abilitiesOf } from '../../platform/lifecycle.js';
import type { PhoneCodes } from '../../platform/sms.js';

const ABILITY_CODES: Record<keyof RegistrationAbilities, string> = { approve: 'zcyh:approve', refuse: 'zcyh:approve' };
const withAbilities = (p: Principal, r: Omit<RegistrationRow, 'abilities'>): RegistrationRow => ({
  ...r,
  abilities: abilitiesOf(REGISTRATION_LIFECYCLE.commandAbilities(r.status), p.permissions, ABILITY_CODES),
});
/** A registration is decided once (the guard of approve and refuse, on the locked rows). */
function assertPending(rows: { status: RegistrationStatus }[], command: 'approve' | 'refuse') {
  if (rows.some((r) => !REGISTRATION_LIFECYCLE.can(r.status, command))) throw new AppError('REPEAT_APPROVAL', { field: 'ids' });
}

interface Deps {
  db: Db;
  kv: Kv;
  rsa: RsaKeys;
  lists: ListRuntime;
  /** Texted codes; a phone given on the form is verified when texts reach phones (or a code is sent along). */
  phoneCodes: PhoneCodes;
  smsDelivers: boolean;
}

const DUPLICATE = {
  username: 'DUPLICATE_USER_NAME',
  email: 'DUPLICATE_EMAIL',
  phone: 'DUPLICATE_PHONE',
  cardNumber: 'DUPLICATE_CARD_NUMBER',
} as const;
const FIELDS = ['username', 'email', 'phone', 'cardNumber'] as const;

function throwIfTaken(taken: Set<string>) {
  for (const f of FIELDS) if (taken.has(f)) throw new AppError(DUPLICATE[f], { field: f });
}
/** A value held by a registration awaiting review: this one cannot be submitted until that one is decided. */
function throwIfPending(pending: Set<string>) {
  for (const f of FIELDS) if (pending.has(f)) throw new AppError('REGISTRATION_SUBMIT_ERROR', { field: f, data: PENDING });
}

export function createRegistrationService({ db, kv, rsa, lists, phoneCodes, smsDelivers }: Deps) {
  async function rootOrg() {
    const root = await repo.findRootOrg(db);
    if (!root) throw new AppError('NOT_FOUND_ERROR', { field: 'orgId' });
    return root;
  }

  /** Registrations the caller may see: organizations in scope, and those without one for root-scope admins. */
  async function scopeOf(principal: Principal): Promise<{ where: SQL; rootInScope: boolean }> {
    const rootInScope = pathInScope(principal, (await rootOrg()).path);
    const where = rootInScope ? sql`(${inScope(principal, registrations.orgId)} or ${isNull(registrations.orgId)})` : inScope(principal, registrations.orgId);
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
      if (input.phone && (smsDelivers || input.phoneCode)) await phoneCodes.verify(input.phone, 'register', input.phoneCode);
      const values = { username: input.username, email: input.email, phone: input.phone ?? null, cardNumber: input.cardNumber ?? null };
      const { taken, pending } = await repo.findTaken(db, values, { pendingToo: true });
      throwIfTaken(taken);
      throwIfPending(pending);
      return await repo.insertRegistration(db, {
        ...values,
        realname: input.realname,
        orgId: input.orgId ?? null,
        kind: input.kind,
        passwordHash: await storedPassword(password),
      });
    },

    async list(principal: Principal, q: RegistrationListQuery): Promise<Page<RegistrationRow>> {
      const page = await repo.findRegistrations(lists, principal, q);
      return { ...page, records: page.records.map((r) => withAbilities(principal, r)) };
    },

    async get(principal: Principal, id: number) {
      const row = await repo.getRegistration(db, id);
      if (!row) throw new AppError('NOT_FOUND_ERROR', { field: 'id' });
      const { where } = await scopeOf(principal);
      const [visible] = (await db.execute<{ n: number }>(sql`select 1 as n from registrations where id = ${id} and ${where}`)).rows;
      if (!visible) throw new AppError('NO_DATA_PERMISSION_ERROR', { field: 'id' });
      return withAbilities(principal, row);
    },

    /**
     * Creates one student account per registration in a single transaction: a row already
     * decided, out of scope, or whose name/e-mail/phone was taken meanwhile fails the whole batch.
     */
    async approve(principal: Principal, ids: number[]) {
      const unique = [...new Set(ids)];
      const root = await rootOrg();
      const created = await db.transaction(async (tx) => {
        const rows = await repo.lockRegistrations(tx, unique);
        if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        // A registration without an organization belongs to the root.
        for (const r of rows) requireInScope(principal, r.org_path ?? root.path, { field: 'ids' });
        assertPending(rows, 'approve');
        const userIds: number[] = [];
        for (const r of rows) {
          // Employees get the employee role, students the student role.
          const roleId = await findDefaultRoleId(tx, r.kind);
          if (!roleId) throw new AppError('NOT_FOUND_ERROR', { field: 'role' });
          throwIfTaken((await repo.findTaken(tx, { ...r, cardNumber: r.card_number }, { pendingToo: false })).taken);
          const userId = await insertAccount(tx, {
            username: r.username,
            realname: r.realname,
            email: r.email,
            phone: r.phone,
            cardNumber: r.card_number,
            orgId: r.org_id ?? root.id,
            kind: r.kind,
            // Hashed by `storedPassword` when the registration was submitted; chosen by its holder.
            passwordHash: r.password_hash,
            firstLogin: false,
            roleIds: [roleId],
          });
          await repo.markDecided(tx, [r.id], { status: 'approved', reviewedBy: principal.userId, userId });
          userIds.push(userId);
        }
        await sendMessage(tx, { to: userIds, template: 'registrationApproved' });
        return userIds;
      });
      return { approved: created.length, userIds: created };
    },

    async refuse(principal: Principal, ids: number[], reason: string) {
      const unique = [...new Set(ids)];
      const root = await rootOrg();
      await db.transaction(async (tx) => {
        const rows = await repo.lockRegistrations(tx, unique);
        if (rows.length !== unique.length) throw new AppError('NOT_FOUND_ERROR', { field: 'ids' });
        for (const r of rows) requireInScope(principal, r.org_path ?? root.path, { field: 'ids' });
        assertPending(rows, 'refuse');
        await repo.markDecided(tx, unique, { status: 'refused', reviewedBy: principal.userId, reason });
      });
      return { refused: unique.length };
    },
  };
}
export type RegistrationService = ReturnType<typeof createRegistrationService>;
