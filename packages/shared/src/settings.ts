import { z } from 'zod';

/** Login settings as the "set-login" page edits them (the signing salt is not editable here). */
export const LoginSettingsSaveSchema = z.object({
  maxWrongPasswords: z.number().int().min(1).max(99),
  captchaEnabled: z.boolean(),
  captchaAfterFailures: z.number().int().min(0).max(99),
  singleSignOn: z.boolean(),
  firstLoginChange: z.boolean(),
  tokenIdleHours: z.number().int().min(1).max(720),
  /** Minutes an account stays locked after `maxWrongPasswords`; 0 freezes it until an administrator unfreezes it. */
  lockMinutes: z.number().int().min(0).max(1440),
});
export type LoginSettingsSave = z.infer<typeof LoginSettingsSaveSchema>;
export type LoginSettingsView = LoginSettingsSave;

/** What the public login page needs before anyone signs in. */
export const LoginConfigSchema = z.object({
  captchaEnabled: z.boolean(),
  /** The platform name of the parameters page: the web shows it as the title (Chinese, and English for the other languages). */
  siteNameZh: z.string(),
  siteNameEn: z.string(),
});
export type LoginConfig = z.infer<typeof LoginConfigSchema>;

/**
 * Parameter configuration ("manage-parameter"): platform-wide numbers other modules read.
 * Saving sends the whole object.
 */
export const PlatformParamsSchema = z.object({
  siteNameZh: z.string().trim().min(1).max(50),
  siteNameEn: z.string().trim().min(1).max(100),
  /** Live broadcasts one lecturer may hold per day. */
  dailyLiveLimit: z.number().int().min(1).max(99),
  /** Pinned Q&A at most (spec: single digit 1–9). */
  pinnedQaLimit: z.number().int().min(1).max(9),
  hotWordCount: z.number().int().min(1).max(99),
  searchCount: z.number().int().min(1).max(99),
  /** Attachments and imports, MB. */
  uploadLimitMb: z.number().int().min(1).max(500),
  /** Course files, MB. */
  courseFileLimitMb: z.number().int().min(1).max(500),
  /** Courseware and video, MB. */
  coursewareLimitMb: z.number().int().min(1).max(500),
  /** Knowledge attachments, MB. */
  knowledgeFileLimitMb: z.number().int().min(1).max(500),
  /** Experience given by one daily sign-in (up to 9 digits). */
  experiencePerSignIn: z.number().int().min(0).max(999999999),
  /** Experience given by finishing a course. */
  experiencePerCourse: z.number().int().min(0).max(999999999),
  /** Anti-cheat pop-up interval of course videos, seconds. */
  antiCheatIntervalSeconds: z.number().int().min(1).max(99999999),
  /** Hours before a survey's end its audience members who have not answered get a reminder; 0: no reminder. */
  surveyReminderHours: z.number().int().min(0).max(720),
});
export type PlatformParams = z.infer<typeof PlatformParamsSchema>;

export const PLATFORM_PARAMS_DEFAULTS: PlatformParams = {
  siteNameZh: '翰林学习平台',
  siteNameEn: 'Hanlin Learning',
  dailyLiveLimit: 10,
  pinnedQaLimit: 3,
  hotWordCount: 10,
  searchCount: 10,
  uploadLimitMb: 10,
  courseFileLimitMb: 200,
  coursewareLimitMb: 500,
  knowledgeFileLimitMb: 50,
  experiencePerSignIn: 10,
  experiencePerCourse: 50,
  antiCheatIntervalSeconds: 60,
  surveyReminderHours: 24,
};

/**
 * What a licence grants, as the vendor signs it: `<base64url(JSON of this)>.<base64url(Ed25519 signature of the first part)>`.
 * The platform verifies it with the vendor's public key; the customer cannot change a limit.
 */
export const LicencePayloadSchema = z.object({
  serialNumber: z.string().trim().min(1).max(100),
  customer: z.string().trim().min(1).max(200),
  /** Online users at most; null: unlimited. */
  maxOnline: z.number().int().min(1).max(10_000_000).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  issuedAt: z.iso.datetime({ offset: true }),
});
export type LicencePayload = z.infer<typeof LicencePayloadSchema>;

/** Installing a licence: the signed document as the vendor sent it (LICENSE_ERROR when it does not verify). */
export const LicenceSaveSchema = z.object({
  licence: z.string().trim().min(1).max(4000),
});
export type LicenceSave = z.infer<typeof LicenceSaveSchema>;

/** `none`: no licence installed (no limits); `invalid`: the stored document does not verify (logins refused, LICENSE_ERROR). */
export const LICENCE_STATES = ['none', 'valid', 'invalid'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

/** The licence's end has passed at `now` (logins other than the licence installers' are refused: LICENSE_EXPIRE_ERROR). */
export const licenceExpired = (l: { expiresAt: string | null }, now: Date) => l.expiresAt != null && Date.parse(l.expiresAt) < now.getTime();
/** A verified licence is installed (its serial number and customer are shown). */
export const licenceValid = (l: { state: LicenceState }) => l.state === 'valid';

export const LicenceViewSchema = z.object({
  state: z.enum(LICENCE_STATES),
  /** Expired on the server's clock (`licenceExpired`): a page shows this, never its own clock's view. */
  expired: z.boolean(),
  maxOnline: z.number().nullable(),
  expiresAt: z.string().nullable(),
  serialNumber: z.string().nullable(),
  customer: z.string().nullable(),
  issuedAt: z.string().nullable(),
  /** Distinct users with an open session seen within the idle timeout. */
  onlineNow: z.number(),
});
export type LicenceView = z.infer<typeof LicenceViewSchema>;
