import { z } from 'zod';
import { CONSTANTS } from './constants.js';
import { IdSchema, PageQuerySchema } from './api.js';
import { defineFreezeLifecycle } from './lifecycle.js';

export const DICT_STATUSES = ['normal', 'frozen'] as const;
export type DictStatus = (typeof DICT_STATUSES)[number];
/** Dictionary entries: normal ⇄ frozen (a frozen entry leaves the dropdowns). */
export const DICT_LIFECYCLE = defineFreezeLifecycle('dict_entries', { normal: 'dict.status_normal', frozen: 'dict.status_frozen' });
export const DICT_SORT_KEYS = ['id', 'type', 'label', 'value', 'sort', 'createdAt'] as const;

/** Dictionary types other modules read (users: type, city, team; qa: category); they exist from the start and cannot be deleted. */
export const DICT_TYPES = { userType: 'user-type', city: 'city', team: 'team', qaCategory: 'qa-category' } as const;
export const BUILTIN_DICT_TYPES: readonly string[] = Object.values(DICT_TYPES);
const DictTypeCode = z
  .string()
  .trim()
  .min(1)
  .max(CONSTANTS.NAME_SHORT_MAX)
  .regex(/^[\w.:-]+$/);

/** A dictionary type ("education"): entries are added under one; its code is fixed once created. */
export const DictTypeCreateSchema = z.object({
  code: DictTypeCode,
  name: z.string().trim().min(1).max(CONSTANTS.NAME_SHORT_MAX),
  sort: z.number().int().min(0).max(99999999).optional(),
  remark: z.string().trim().max(CONSTANTS.NAME_LONG_MAX).nullish(),
});
export type DictTypeCreate = z.infer<typeof DictTypeCreateSchema>;
export const DictTypeUpdateSchema = DictTypeCreateSchema.omit({ code: true }).partial().extend({ id: IdSchema });
export type DictTypeUpdate = z.infer<typeof DictTypeUpdateSchema>;
export const DictTypeRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  /** Read by other modules: never deleted. */
  builtin: z.boolean(),
  entryCount: z.number(),
});
export type DictTypeRow = z.infer<typeof DictTypeRowSchema>;

const dictFields = {
  /** Group the entry belongs to, e.g. `education` or `post-level`. */
  type: DictTypeCode,
  label: z.string().trim().min(1).max(CONSTANTS.NAME_SHORT_MAX),
  value: z.string().trim().min(1).max(CONSTANTS.NAME_SHORT_MAX),
  sort: z.number().int().min(0).max(99999999),
  remark: z.string().trim().max(CONSTANTS.NAME_LONG_MAX).nullable(),
  status: z.enum(DICT_STATUSES),
};

export const DictEntryCreateSchema = z.object({
  ...dictFields,
  sort: dictFields.sort.optional(),
  remark: dictFields.remark.optional(),
  status: dictFields.status.optional(),
});
export type DictEntryCreate = z.infer<typeof DictEntryCreateSchema>;

/** Fields left out keep their value. */
export const DictEntryUpdateSchema = z.object(dictFields).partial().extend({ id: IdSchema });
export type DictEntryUpdate = z.infer<typeof DictEntryUpdateSchema>;

export const DictListQuerySchema = PageQuerySchema.extend({
  type: z.string().trim().max(50).optional(),
  keyword: z.string().trim().max(50).optional(),
  status: z.enum(DICT_STATUSES).optional(),
});
export type DictListQuery = z.infer<typeof DictListQuerySchema>;

export const DictByTypeQuerySchema = z.object({ type: z.string().trim().min(1).max(50) });

/** What the caller may do with a dictionary entry (its codes and state decide; freezing needs `zdgl:modify`). */
export const DictEntryAbilitiesSchema = DICT_LIFECYCLE.abilitiesSchema;
export type DictEntryAbilities = z.infer<typeof DictEntryAbilitiesSchema>;

export const DictEntryRowSchema = z.object({
  id: z.number(),
  type: z.string(),
  label: z.string(),
  value: z.string(),
  sort: z.number(),
  remark: z.string().nullable(),
  status: z.enum(DICT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: DictEntryAbilitiesSchema,
});
export type DictEntryRow = z.infer<typeof DictEntryRowSchema>;

/** What `GET /api/dict/by-type` answers: the normal entries of one type in display order. */
export const DictOptionSchema = z.object({
  id: z.number(),
  label: z.string(),
  value: z.string(),
  sort: z.number(),
});
export type DictOption = z.infer<typeof DictOptionSchema>;
