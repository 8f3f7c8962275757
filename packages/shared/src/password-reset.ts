import { z } from 'zod';

/** `code` and `link` go by e-mail, `sms` texts a code to the account's phone. */
export const RESET_METHODS = ['code', 'link', 'sms'] as const;
export const RESET_CHANNELS = ['email', 'sms'] as const;
export type ResetChannel = (typeof RESET_CHANNELS)[number];
/** Minutes an e-mailed code / link stays valid. */
export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_LINK_TTL_MINUTES = 30;
export const RESET_CODE_MAX_ATTEMPTS = 5;

/** Step 1 of `/reset-password`: the account (user name or e-mail) and how to verify. */
export const ResetSendSchema = z.object({
  username: z.string().trim().min(1).max(200),
  method: z.enum(RESET_METHODS),
});
export type ResetSend = z.infer<typeof ResetSendSchema>;
export const ResetSendResultSchema = z.object({ maskedEmail: z.string().optional(), maskedPhone: z.string().optional() });

/** What the site can verify with at all (shown on step 1 before any account is named). */
export const ResetChannelsSchema = z.object({
  channels: z.array(z.enum(RESET_CHANNELS)),
  /** Whom to contact when no channel works (SUPPORT_CONTACT), or null: the system administrator. */
  contact: z.string().nullable(),
});
export type ResetChannels = z.infer<typeof ResetChannelsSchema>;

/** Step 1: the account exists (else ACCOUNT_NOT_FOUND) and the channels it can be verified by. */
export const ResetCheckSchema = z.object({ username: z.string().trim().min(1).max(200) });
export const ResetCheckResultSchema = ResetChannelsSchema.extend({
  maskedEmail: z.string().nullable(),
  maskedPhone: z.string().nullable(),
});
export type ResetCheckResult = z.infer<typeof ResetCheckResultSchema>;

/** Step 2 with the e-mailed code; answers the token step 3 needs. */
export const ResetVerifySchema = z.object({
  username: z.string().trim().min(1).max(200),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});
export type ResetVerify = z.infer<typeof ResetVerifySchema>;
export const ResetVerifyResultSchema = z.object({ resetToken: z.string() });

/** Step 3: the token from step 2 or from the e-mailed link, and the new password RSA-encrypted. */
export const ResetConfirmSchema = z.object({
  resetToken: z.string().min(1).max(200),
  password: z.string().min(1).max(2048),
});
export type ResetConfirm = z.infer<typeof ResetConfirmSchema>;
