import { z } from 'zod';

const Attr = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,63}$/);
const Filter = z
  .string()
  .trim()
  .min(3)
  .max(1000)
  .regex(/^\(.*\)$/s);
const Dn = z
  .string()
  .trim()
  .min(3)
  .max(500)
  .regex(/^[^=,]+=[^,]+(,[^=,]+=[^,]+)*$/);

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
  url: z
    .string()
    .trim()
    .max(300)
    .regex(/^ldaps?:\/\/[A-Za-z0-9.\-_[\]:]+(:\d{1,5})?\/?$/),
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

export const LdapSettingsViewSchema = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  url: z.string(),
  bindDn: z.string(),
  /** The password itself is never sent back. */
  passwordSet: z.boolean(),
  baseDn: z.string(),
  userFilter: z.string(),
  orgFilter: z.string(),
  mapping: LdapMappingSchema,
});
export type LdapSettingsView = z.infer<typeof LdapSettingsViewSchema>;

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
  /** The department would sit deeper than the organization tree allows. */
  'TREE_DEPTH_EXCEEDED',
] as const;
export type LdapSyncReason = (typeof LDAP_SYNC_REASONS)[number];

export const LdapSyncErrorSchema = z.object({
  dn: z.string(),
  reason: z.enum(LDAP_SYNC_REASONS),
  field: z.string().optional(),
});
export type LdapSyncError = z.infer<typeof LdapSyncErrorSchema>;

export const LdapSyncReportSchema = z.object({
  startedAt: z.string(),
  finishedAt: z.string(),
  orgsCreated: z.number(),
  orgsUpdated: z.number(),
  usersCreated: z.number(),
  usersUpdated: z.number(),
  /** All entry errors; `errors` lists at most the first 5,000. */
  errorCount: z.number(),
  errors: z.array(LdapSyncErrorSchema),
});
export type LdapSyncReport = z.infer<typeof LdapSyncReportSchema>;

export const LdapSyncStatusSchema = z.object({
  running: z.boolean(),
  lastSync: LdapSyncReportSchema.nullable(),
});
export type LdapSyncStatus = z.infer<typeof LdapSyncStatusSchema>;
