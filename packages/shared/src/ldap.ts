import { z } from 'zod';

const Attr = z.string().trim().regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/);
const Filter = z.string().trim().min(3).max(1000).regex(/^\(.*\)$/s);
const Dn = z.string().trim().min(3).max(500).regex(/^[^=,]+=[^,]+(,[^=,]+=[^,]+)*$/);

/** Which LDAP attribute feeds which Hanlin field. Organizational units use `orgCode` and `orgName`. */
export const LdapMappingSchema = z.object({
  username: Attr,
  realname: Attr,
  email: Attr,
  phone: Attr,
  cardNumber: Attr,
  orgCode: Attr,
  orgName: Attr,
});
export type LdapMapping = z.infer<typeof LdapMappingSchema>;

export const LDAP_DEFAULT_MAPPING: LdapMapping = {
  username: 'uid',
  realname: 'cn',
  email: 'mail',
  phone: 'telephoneNumber',
  cardNumber: 'employeeNumber',
  orgCode: 'ou',
  orgName: 'ou',
};
export const LDAP_DEFAULT_USER_FILTER = '(objectClass=inetOrgPerson)';
export const LDAP_DEFAULT_ORG_FILTER = '(objectClass=organizationalUnit)';

const Connection = {
  /** `ldap://host:port` or `ldaps://host:port`. */
  url: z.string().trim().max(300).regex(/^ldaps?:\/\/[A-Za-z0-9.\-_[\]:]+(:\d{1,5})?\/?$/),
  bindDn: Dn,
  /** Omitted or empty keeps the stored password. */
  bindPassword: z.string().max(200).optional(),
};

export const LdapSettingsSaveSchema = z.object({
  enabled: z.boolean(),
  ...Connection,
  baseDn: Dn,
  userFilter: Filter.default(LDAP_DEFAULT_USER_FILTER),
  orgFilter: Filter.default(LDAP_DEFAULT_ORG_FILTER),
  mapping: LdapMappingSchema.partial().default({}),
});
export type LdapSettingsSave = z.infer<typeof LdapSettingsSaveSchema>;

/** Bind test of a connection as typed in the form (the stored password when none is given). */
export const LdapTestSchema = z.object(Connection);
export type LdapTest = z.infer<typeof LdapTestSchema>;

export interface LdapSettingsView {
  configured: boolean;
  enabled: boolean;
  url: string;
  bindDn: string;
  /** The password itself is never sent back. */
  passwordSet: boolean;
  baseDn: string;
  userFilter: string;
  orgFilter: string;
  mapping: LdapMapping;
}

/** Why one directory entry was not synchronized (spec section 8, LDAP import errors). */
export const LDAP_SYNC_REASONS = [
  'CODE_EMPTY',
  'PARENT_CODE_EMPTY',
  'FIELD_EMPTY',
  'FIELD_TOO_LONG',
  'DUPLICATE_NAME',
  'USERNAME_LENGTH',
  'PHONE_INVALID',
  'EMAIL_INVALID',
  'DUPLICATE_EXISTING',
  'DEPARTMENT_MISSING',
] as const;
export type LdapSyncReason = (typeof LDAP_SYNC_REASONS)[number];

export interface LdapSyncError {
  dn: string;
  reason: LdapSyncReason;
  field?: string;
}

export interface LdapSyncReport {
  startedAt: string;
  finishedAt: string;
  orgsCreated: number;
  orgsUpdated: number;
  usersCreated: number;
  usersUpdated: number;
  /** All entry errors; `errors` lists at most the first 5,000. */
  errorCount: number;
  errors: LdapSyncError[];
}

export interface LdapSyncStatus {
  running: boolean;
  lastSync: LdapSyncReport | null;
}
