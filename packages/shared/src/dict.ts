import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { defineFreezeLifecycle } from './lifecycle.js';

export const DICT_STATUSES = ['normal', 'frozen'] as const;
export type DictStatus = (typeof DICT_STATUSES)[number];
/** Dictionary entries: normal ⇄ frozen (a frozen entry leaves the dropdowns). */
export const DICT_LIFECYCLE = defineFreezeLifecycle('dict_entries', {
  states: { normal: 'dict.status_normal', frozen: 'dict.status_frozen' },
  commands: { freeze: 'common.freeze', unfreeze: 'common.unfreeze' },
});
export const DICT_SORT_KEYS = ['id', 'type', 'label', 'value', 'sort', 'createdAt'] as const;

const dictFields = {
  /** Group the entry belongs to, e.g. `education` or `post-level`. */
  type: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[\w.:-]+$/),
  label: z.string().trim().min(1).max(50),
  value: z.string().trim().min(1).max(50),
  sort: z.number().int().min(0).max(99999999),
  remark: z.string().trim().max(200).nullable(),
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
