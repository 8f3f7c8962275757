import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { CONSTANTS } from './constants.js';

/** Labels attached to a course, question, user, ...: at most 5, each at most 10 characters (spec 5, 9). */
export const LabelsSchema = z
  .array(z.string().trim().min(1).max(CONSTANTS.LABEL_LENGTH))
  .max(CONSTANTS.LABELS_PER_OBJECT)
  .refine((a) => new Set(a).size === a.length, { message: 'labels must be unique' });
export type Labels = z.infer<typeof LabelsSchema>;

export const LABEL_KINDS = ['course', 'question', 'job', 'user'] as const;
export type LabelKind = (typeof LABEL_KINDS)[number];
export const LABEL_SORT_KEYS = ['id', 'name', 'createdAt'] as const;

const CategoryName = z.string().trim().min(1).max(CONSTANTS.NAME_SHORT_MAX);
const LabelName = z.string().trim().min(1).max(CONSTANTS.LABEL_LENGTH);

export const LabelCategoryListQuerySchema = PageQuerySchema.extend({
  kind: z.enum(LABEL_KINDS).optional(),
  keyword: z.string().trim().max(CONSTANTS.NAME_SHORT_MAX).optional(),
});
export type LabelCategoryListQuery = z.infer<typeof LabelCategoryListQuerySchema>;
export const LabelCategoryInsertSchema = z.object({ name: CategoryName, kind: z.enum(LABEL_KINDS) });
export type LabelCategoryInsert = z.infer<typeof LabelCategoryInsertSchema>;
export const LabelCategoryUpdateSchema = z.object({ id: IdSchema, name: CategoryName.optional(), kind: z.enum(LABEL_KINDS).optional() });
export type LabelCategoryUpdate = z.infer<typeof LabelCategoryUpdateSchema>;

export const LabelListQuerySchema = PageQuerySchema.extend({
  categoryId: IdSchema.optional(),
  kind: z.enum(LABEL_KINDS).optional(),
  keyword: z.string().trim().max(10).optional(),
});
export type LabelListQuery = z.infer<typeof LabelListQuerySchema>;
export const LabelInsertSchema = z.object({ categoryId: IdSchema, name: LabelName });
export type LabelInsert = z.infer<typeof LabelInsertSchema>;
export const LabelUpdateSchema = z.object({ id: IdSchema, categoryId: IdSchema.optional(), name: LabelName.optional() });
export type LabelUpdate = z.infer<typeof LabelUpdateSchema>;
/** Selector data: the categories of one kind with their labels. */
export const LabelOptionsQuerySchema = z.object({ kind: z.enum(LABEL_KINDS) });

/** What the caller may do with a label category: delete is false while it holds labels. */
export const LabelCategoryAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export type LabelCategoryAbilities = z.infer<typeof LabelCategoryAbilitiesSchema>;
/** What the caller may do with a label (its codes alone decide). */
export const LabelAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export type LabelAbilities = z.infer<typeof LabelAbilitiesSchema>;

export const LabelCategoryRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.enum(LABEL_KINDS),
  labelCount: z.number(),
  createdAt: z.string(),
  abilities: LabelCategoryAbilitiesSchema,
});
export type LabelCategoryRow = z.infer<typeof LabelCategoryRowSchema>;
export const LabelRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  kind: z.enum(LABEL_KINDS),
  createdAt: z.string(),
  abilities: LabelAbilitiesSchema,
});
export type LabelRow = z.infer<typeof LabelRowSchema>;
