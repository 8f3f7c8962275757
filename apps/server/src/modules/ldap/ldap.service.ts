import { sql } from 'drizzle-orm';
import {
  LDAP_DEFAULT_MAPPING,
  LDAP_DEFAULT_ORG_FILTER,
  LDAP_DEFAULT_USER_FILTER,
  type LdapMapping,
  type LdapSettingsSave,
  type LdapSettingsView,
  type LdapSyncReport,
  type LdapSyncStatus,
  type LdapTest,
} from '@hanlin/shared';
import { AppError } from '../../platform/errors.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { PrincipalLoader } from '../../platform/auth/principal.js';
import { readSetting, writeSetting } from '../../platform/settings.js';
import { LOCK_PAIRS } from '../../platform/locks.js';
import { createLdapSecret } from './ldap-secret.js';
import { isValidFilter, readDirectory, withDirectory } from './ldap-directory.js';
import { applyDirectory } from './ldap-sync.js';

const SETTINGS_KEY = 'ldap';
const LAST_SYNC_KEY = 'ldap.lastSync';
/** Transaction-level advisory lock (two-key form): one sync at a time across every node. */
export const LDAP_SYNC_LOCK = LOCK_PAIRS.ldapSync;
/** Errors kept in the stored report; the counts stay exact. */
const MAX_REPORTED_ERRORS = 5000;

interface StoredLdap {
  enabled: boolean;
  url: string;
  bindDn: string;
  bindPasswordEnc: string | null;
  baseDn: string;
  userFilter: string;
  orgFilter: string;
  mapping: Partial<LdapMapping>;
}
const EMPTY: StoredLdap = {
  enabled: false,
  url: '',
  bindDn: '',
  bindPasswordEnc: null,
  baseDn: '',
  userFilter: LDAP_DEFAULT_USER_FILTER,
  orgFilter: LDAP_DEFAULT_ORG_FILTER,
  mapping: {},
};

const isConfigured = (s: StoredLdap) => !!(s.url && s.bindDn && s.baseDn && s.bindPasswordEnc);

function view(s: StoredLdap): LdapSettingsView {
  return {
    configured: isConfigured(s),
    enabled: s.enabled,
    url: s.url,
    bindDn: s.bindDn,
    passwordSet: !!s.bindPasswordEnc,
    baseDn: s.baseDn,
    userFilter: s.userFilter,
    orgFilter: s.orgFilter,
    mapping: { ...LDAP_DEFAULT_MAPPING, ...s.mapping },
  };
}

export function createLdapService({ db, principals }: { db: Db; principals: Pick<PrincipalLoader, 'forgetUsers'> }) {
  const secret = createLdapSecret(db);
  const read = (d: DbOrTx = db) => readSetting<StoredLdap>(d, SETTINGS_KEY, EMPTY);

  async function storedPassword(s: StoredLdap): Promise<string> {
    const plain = s.bindPasswordEnc ? await secret.decrypt(s.bindPasswordEnc) : undefined;
    // A password that no longer decrypts counts as not set: the administrator must type it again.
    if (plain === undefined) throw new AppError('LDAP_NOT_CONFIGURED', { field: 'bindPassword' });
    return plain;
  }

  return {
    async getSettings(): Promise<LdapSettingsView> {
      return view(await read());
    },

    async saveSettings(input: LdapSettingsSave): Promise<LdapSettingsView> {
      if (!isValidFilter(input.userFilter)) throw new AppError('PARAMETER_INVALID', { field: 'userFilter' });
      if (!isValidFilter(input.orgFilter)) throw new AppError('PARAMETER_INVALID', { field: 'orgFilter' });
      const current = await read();
      const bindPasswordEnc = input.bindPassword ? await secret.encrypt(input.bindPassword) : current.bindPasswordEnc;
      if (!bindPasswordEnc) throw new AppError('PARAMETER_INVALID', { field: 'bindPassword' });
      const next: StoredLdap = {
        enabled: input.enabled,
        url: input.url,
        bindDn: input.bindDn,
        bindPasswordEnc,
        baseDn: input.baseDn,
        userFilter: input.userFilter,
        orgFilter: input.orgFilter,
        mapping: { ...LDAP_DEFAULT_MAPPING, ...input.mapping },
      };
      await writeSetting(db, SETTINGS_KEY, next);
      return view(next);
    },

    /** Binds with the connection as typed (stored password when none is typed); nothing is searched or saved. */
    async test(input: LdapTest): Promise<{ ok: true }> {
      const bindPassword = input.bindPassword ? input.bindPassword : await storedPassword(await read());
      await withDirectory({ url: input.url, bindDn: input.bindDn, bindPassword }, async () => undefined);
      return { ok: true };
    },

    async status(): Promise<LdapSyncStatus> {
      const { rows } = await db.execute<{ running: boolean }>(sql`
        select exists(select 1 from pg_locks l
                       where l.locktype = 'advisory' and l.granted
                         and l.database = (select oid from pg_database where datname = current_database())
                         and l.classid = ${LDAP_SYNC_LOCK[0]} and l.objid = ${LDAP_SYNC_LOCK[1]} and l.objsubid = 2) as running`);
      const last = await readSetting<{ report?: LdapSyncReport }>(db, LAST_SYNC_KEY, {});
      return { running: !!rows[0]?.running, lastSync: last.report ?? null };
    },

    /** Synchronizes organizations and users from the directory; refused while another sync runs anywhere. */
    async sync(): Promise<LdapSyncReport> {
      const pre = await read();
      if (!isConfigured(pre)) throw new AppError('LDAP_NOT_CONFIGURED');
      if (!pre.enabled) throw new AppError('LDAP_DISABLED');
      const startedAt = new Date().toISOString();
      const { report, moved } = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${LDAP_SYNC_LOCK[0]}::int, ${LDAP_SYNC_LOCK[1]}::int) as locked`);
        if (!rows[0]?.locked) throw new AppError('LDAP_SYNCHRONIZING');
        // Settings may have changed while waiting: use what is stored now.
        const s = await read(tx);
        if (!isConfigured(s)) throw new AppError('LDAP_NOT_CONFIGURED');
        if (!s.enabled) throw new AppError('LDAP_DISABLED');
        const mapping = { ...LDAP_DEFAULT_MAPPING, ...s.mapping };
        const dir = await readDirectory({
          url: s.url,
          bindDn: s.bindDn,
          bindPassword: await storedPassword(s),
          baseDn: s.baseDn,
          userFilter: s.userFilter,
          orgFilter: s.orgFilter,
          mapping,
        });
        const counts = await applyDirectory(tx, dir, mapping);
        const report: LdapSyncReport = {
          startedAt,
          finishedAt: new Date().toISOString(),
          orgsCreated: counts.orgsCreated,
          orgsUpdated: counts.orgsUpdated,
          usersCreated: counts.usersCreated,
          usersUpdated: counts.usersUpdated,
          errorCount: counts.errors.length,
          errors: counts.errors.slice(0, MAX_REPORTED_ERRORS),
        };
        await writeSetting(tx, LAST_SYNC_KEY, { report });
        return { report, moved: counts.movedUserIds };
      });
      await principals.forgetUsers(moved);
      return report;
    },
  };
}
export type LdapService = ReturnType<typeof createLdapService>;
