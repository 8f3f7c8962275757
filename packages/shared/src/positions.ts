import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { CONSTANTS } from './constants.js';

export const POSITION_SORT_KEYS = ['id', 'name', 'sort', 'createdAt'] as const;

export const PositionListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(30).optional(),
  labelId: IdSchema.optional(),
});
export type PositionListQuery = z.infer<typeof PositionListQuerySchema>;

/** Position labels are labels of a `job` category (at most 5 per position). */
const LabelIds = z.array(IdSchema).max(CONSTANTS.LABELS_PER_OBJECT);

export const PositionInsertSchema = z.object({
  name: z.string().trim().min(1).max(30),
  description: z.string().trim().max(200).nullish(),
  sort: z.number().int().min(0).max(99999999).optional(),
  labelIds: LabelIds.optional(),
});
export type PositionInsert = z.infer<typeof PositionInsertSchema>;
export const PositionUpdateSchema = PositionInsertSchema.partial().extend({ id: IdSchema });
export type PositionUpdate = z.infer<typeof PositionUpdateSchema>;

/** What the caller may do with a position: delete is false while users hold it. */
export const PositionAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export type PositionAbilities = z.infer<typeof PositionAbilitiesSchema>;

export const PositionRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number(),
  labels: z.array(z.object({ id: z.number(), name: z.string() })),
  /** Users holding this position. */
  userCount: z.number(),
  createdAt: z.string(),
  abilities: PositionAbilitiesSchema,
});
export type PositionRow = z.infer<typeof PositionRowSchema>;
