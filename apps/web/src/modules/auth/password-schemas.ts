import { z } from 'zod';
import { NewPasswordSchema, PasswordChangeSchema, ResetConfirmSchema } from '@hanlin/shared';

/** The second typing of a new password. */
export const ConfirmSchema = z.string().min(1);

/** A form's confirmation (`confirm`) must repeat its new password (field `field`). */
export function confirmed<V extends { confirm: string }>(field: Exclude<keyof V, 'confirm'>) {
  return (v: V, ctx: z.RefinementCtx) => {
    if (v.confirm !== v[field]) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'PASSWORD_NOT_MATCH' });
  };
}

/**
 * The change-password form: the shared body's fields as typed (both are RSA-encrypted for the
 * wire), the new one by the shared password rule and different from the old one, and its confirmation.
 */
export const PasswordChangeFormSchema = PasswordChangeSchema.extend({ newPassword: NewPasswordSchema, confirm: ConfirmSchema }).superRefine((v, ctx) => {
  confirmed<typeof v>('newPassword')(v, ctx);
  if (v.newPassword === v.oldPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'PASSWORD_SAME_AS_OLD' });
});

/** The reset's last step: the shared body's new password as typed (RSA-encrypted for the wire) and its confirmation. */
export const ResetPasswordFormSchema = ResetConfirmSchema.pick({ password: true })
  .extend({ password: NewPasswordSchema, confirm: ConfirmSchema })
  .superRefine((v, ctx) => confirmed<typeof v>('password')(v, ctx));
