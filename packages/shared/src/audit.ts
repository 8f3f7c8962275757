import { z } from 'zod';
import { PageQuerySchema } from './api.js';

export const AUDIT_LOG_SORT_KEYS = ['createdAt'] as const;
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const TimeRange = {
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
};
/** Prefix of the user name, case-insensitive (index-backed). */
const Username = z.string().trim().min(1).max(200).optional();

const LoginLogFilters = {
  username: Username,
  /** `OK` or the error name that refused the login. */
  result: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{0,63}$/)
    .optional(),
  /** All successful or all refused logins. */
  outcome: z.enum(['success', 'failure']).optional(),
  ...TimeRange,
};
export const LoginLogQuerySchema = PageQuerySchema.extend(LoginLogFilters);
export type LoginLogQuery = z.infer<typeof LoginLogQuerySchema>;
export const LoginLogExportSchema = z.strictObject({ ...LoginLogFilters, sort: PageQuerySchema.shape.sort });
export type LoginLogExport = z.infer<typeof LoginLogExportSchema>;

const OperationLogFilters = {
  username: Username,
  /** Operation name or its prefix (`user.` matches every user operation). */
  operation: z.string().trim().min(1).max(200).optional(),
  ...TimeRange,
};
export const OperationLogQuerySchema = PageQuerySchema.extend(OperationLogFilters);
export type OperationLogQuery = z.infer<typeof OperationLogQuerySchema>;
export const OperationLogExportSchema = z.strictObject({ ...OperationLogFilters, sort: PageQuerySchema.shape.sort });
export type OperationLogExport = z.infer<typeof OperationLogExportSchema>;

export const LoginLogRowSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  username: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  result: z.string(),
  createdAt: z.string(),
});
export type LoginLogRow = z.infer<typeof LoginLogRowSchema>;

export const OperationLogRowSchema = z.object({
  id: z.number(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  operation: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  resultCode: z.number().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type OperationLogRow = z.infer<typeof OperationLogRowSchema>;
