import { z } from 'zod';
import { IdsSchema, PageQuerySchema } from './api.js';

export const MAIL_LOG_STATUSES = ['sent', 'failed'] as const;
export type MailLogStatus = (typeof MAIL_LOG_STATUSES)[number];
/** Tag colour of a mail log's status. */
export const MAIL_LOG_COLORS = { sent: 'green', failed: 'red' } as const satisfies Record<MailLogStatus, string>;
export const MAIL_LOG_SORT_KEYS = ['id', 'createdAt', 'sentAt'] as const;

/** SMTP settings as an administrator saves them; `password` omitted keeps the stored one, '' clears it. */
export const MailSettingsSaveSchema = z.object({
  host: z.string().trim().max(200),
  port: z.number().int().min(1).max(65535),
  /** Implicit TLS (usually port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: z.string().trim().max(200).default(''),
  password: z.string().max(200).optional(),
  /** Sender address, `name@host` or `Name <name@host>`. */
  from: z.string().trim().max(200),
  enabled: z.boolean(),
});
export type MailSettingsSave = z.infer<typeof MailSettingsSaveSchema>;

/** What the API shows: never the password, only whether one is stored. */
export const MailSettingsViewSchema = z.object({
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  user: z.string(),
  from: z.string(),
  enabled: z.boolean(),
  passwordSet: z.boolean(),
});
export type MailSettingsView = z.infer<typeof MailSettingsViewSchema>;

export const MailLogListQuerySchema = PageQuerySchema.extend({
  status: z.enum(MAIL_LOG_STATUSES).optional(),
  keyword: z.string().trim().max(200).optional(),
  read: z.boolean().optional(),
});
export type MailLogListQuery = z.infer<typeof MailLogListQuerySchema>;

export const MailLogRowSchema = z.object({
  id: z.number(),
  toAddress: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(MAIL_LOG_STATUSES),
  error: z.string().nullable(),
  read: z.boolean(),
  attempts: z.number(),
  userId: z.number().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailLogRow = z.infer<typeof MailLogRowSchema>;
/** What the caller may do with a logged mail: resend a failed one with `yjrz:batch` (sent mails are left alone). */
export const MailLogAbilitiesSchema = z.object({ resend: z.boolean() });
export type MailLogAbilities = z.infer<typeof MailLogAbilitiesSchema>;
/** A row of the mail log list: the logged mail with the caller's abilities. */
export const MailLogManageRowSchema = MailLogRowSchema.extend({ abilities: MailLogAbilitiesSchema });
export type MailLogManageRow = z.infer<typeof MailLogManageRowSchema>;

export const MailLogIdsSchema = IdsSchema;
export const MailResendResultSchema = z.object({ sent: z.number().int(), failed: z.number().int() });
export type MailResendResult = z.infer<typeof MailResendResultSchema>;
