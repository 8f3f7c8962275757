import { z } from 'zod';
import { isPasswordAcceptable } from './auth-rules.js';

export const LoginSchema = z.object({
  username: z.string().trim().min(1).max(200),
  /** RSA-OAEP(SHA-256) ciphertext of the password, base64. */
  password: z.string().min(1).max(2048),
  grant_type: z.literal('password'),
  scope: z.literal('server'),
  captcha: z.string().max(10).optional(),
  captchaKey: z.string().max(100).optional(),
  /** Which entry the user chose on the login page. */
  entry: z.enum(['manage', 'student']).optional(),
});
export type Login = z.infer<typeof LoginSchema>;

export const SessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string().nullable(),
  operateAuth: z.array(z.string()),
  authorities: z.array(z.string()),
  firstLogin: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LoginResultSchema = z.object({
  access_token: z.string(),
  signNumber: z.string(),
  user: SessionUserSchema,
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const LogoutSchema = z.object({ id: z.number().int().positive(), platformType: z.literal(1) });

/**
 * A new password as typed (spec §5: 6–20 characters, two kinds), before it is encrypted for the
 * wire; the server checks the decrypted one with the same rule. The refusal names its catalogue error.
 */
export const NewPasswordSchema = z.string().refine(isPasswordAcceptable, { message: 'PASSWORD_FORMAT_ERROR' });
/** The answer typed for a captcha picture (a form that shows one requires it). */
export const CaptchaAnswerSchema = z.string().trim().min(1).max(10);

export const PasswordChangeSchema = z.object({
  /** Both encrypted like the login password. */
  oldPassword: z.string().min(1).max(2048),
  newPassword: z.string().min(1).max(2048),
});

/** Spec §7 "phone code": a 6-digit code texted for signing in or registering (reset has its own step). */
export const PHONE_CODE_PURPOSES = ['login', 'register'] as const;
export const PhoneCodeSendSchema = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^\d{11}$/),
  purpose: z.enum(PHONE_CODE_PURPOSES),
});
export type PhoneCodeSend = z.infer<typeof PhoneCodeSendSchema>;

/** Signing in with a texted code instead of the password. */
export const PhoneLoginSchema = z.object({
  phone: z
    .string()
    .trim()
    .regex(/^\d{11}$/),
  phoneCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  entry: z.enum(['manage', 'student']).optional(),
});
export type PhoneLogin = z.infer<typeof PhoneLoginSchema>;

export const CaptchaResultSchema = z.object({ captchaKey: z.string(), svg: z.string() });
