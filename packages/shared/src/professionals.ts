import { z } from 'zod';
import { CategoryInsertSchema, CategoryUpdateSchema, type CategoryInsert, type CategoryUpdate } from './category-tree.js';

/** Professionals form a tree whose nodes are written like a classification's. */
export const ProfessionalInsertSchema = CategoryInsertSchema;
export type ProfessionalInsert = CategoryInsert;
export const ProfessionalUpdateSchema = CategoryUpdateSchema;
export type ProfessionalUpdate = CategoryUpdate;

/** What the caller may do to a node (codes; a node with children is not deleted), decided by the server. */
export const ProfessionalAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export type ProfessionalAbilities = z.infer<typeof ProfessionalAbilitiesSchema>;

export interface ProfessionalNode {
  id: number;
  name: string;
  parentId: number | null;
  sort: number;
  abilities: ProfessionalAbilities;
  children: ProfessionalNode[];
}
export const ProfessionalNodeSchema: z.ZodType<ProfessionalNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    parentId: z.number().nullable(),
    sort: z.number(),
    abilities: ProfessionalAbilitiesSchema,
    children: z.array(ProfessionalNodeSchema),
  }),
);
