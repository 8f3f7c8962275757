import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, PageQuerySchema } from './api.js';

export const APP_TERMINALS = ['android', 'ios', 'pc', 'h5'] as const;
export const APP_PLATFORMS = ['student', 'manage', 'lecturer'] as const;
export const APP_VERSION_SORT_KEYS = ['createdAt', 'version'] as const;
export type AppTerminal = (typeof APP_TERMINALS)[number];
export type AppPlatform = (typeof APP_PLATFORMS)[number];

export const AppVersionCreateSchema = z.object({
  version: z
    .string()
    .trim()
    .min(1)
    .max(CONSTANTS.NAME_SHORT_MAX)
    .regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/),
  description: z.string().trim().min(1).max(2000),
  terminal: z.enum(APP_TERMINALS),
  platform: z.enum(APP_PLATFORMS),
});
export type AppVersionCreate = z.infer<typeof AppVersionCreateSchema>;

export const AppVersionUpdateSchema = AppVersionCreateSchema.extend({ id: IdSchema });
export type AppVersionUpdate = z.infer<typeof AppVersionUpdateSchema>;

/** Back-office list ("manage-appVersion-setting"). */
export const AppVersionListQuerySchema = PageQuerySchema.extend({
  terminal: z.enum(APP_TERMINALS).optional(),
  platform: z.enum(APP_PLATFORMS).optional(),
  keyword: z.string().trim().max(30).optional(),
});
export type AppVersionListQuery = z.infer<typeof AppVersionListQuerySchema>;

/** Public list of the `/manage-version` page: newest first. */
export const AppVersionPublicQuerySchema = z.object({
  page: PageQuerySchema.shape.page,
  size: z.coerce.number().int().min(1).max(100).default(20),
  terminal: z.enum(APP_TERMINALS).optional(),
  platform: z.enum(APP_PLATFORMS).optional(),
});
export type AppVersionPublicQuery = z.infer<typeof AppVersionPublicQuerySchema>;

export const AppVersionRowSchema = z.object({
  id: z.number(),
  version: z.string(),
  description: z.string(),
  terminal: z.enum(APP_TERMINALS),
  platform: z.enum(APP_PLATFORMS),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppVersionRow = z.infer<typeof AppVersionRowSchema>;
/** What the caller may do with an app version (its codes decide). */
export const AppVersionAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export type AppVersionAbilities = z.infer<typeof AppVersionAbilitiesSchema>;
/** A row of the management list and detail: the public row with the caller's abilities. */
export const AppVersionManageRowSchema = AppVersionRowSchema.extend({ abilities: AppVersionAbilitiesSchema });
export type AppVersionManageRow = z.infer<typeof AppVersionManageRowSchema>;
