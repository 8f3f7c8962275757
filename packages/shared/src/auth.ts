import { z } from 'zod';

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

export const PasswordChangeSchema = z.object({
  /** Both encrypted like the login password. */
  oldPassword: z.string().min(1).max(2048),
  newPassword: z.string().min(1).max(2048),
});

export const CaptchaResultSchema = z.object({ captchaKey: z.string(), svg: z.string() });
