import { z } from 'zod';
import { PageQuerySchema } from './api.js';

export const USER_STATUSES = ['normal', 'frozen'] as const;
export const USER_KINDS = ['employee', 'student'] as const;
export const USER_SORT_KEYS = ['id', 'username', 'realname', 'createdAt'] as const;

export const UserListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(200).optional(),
  status: z.enum(USER_STATUSES).optional(),
  kind: z.enum(USER_KINDS).optional(),
  orgId: z.number().int().positive().optional(),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const UserRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  realname: z.string(),
  englishName: z.string().nullable(),
  cardNumber: z.string().nullable(),
  kind: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  sex: z.string().nullable(),
  status: z.string(),
  post: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  roles: z.array(z.string()),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRowSchema>;
