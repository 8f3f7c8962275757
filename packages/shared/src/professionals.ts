import { z } from 'zod';
import { IdSchema } from './api.js';

export const ProfessionalInsertSchema = z.object({
  parentId: IdSchema.nullish(),
  name: z.string().trim().min(1).max(30),
  sort: z.number().int().min(0).max(99999999).optional(),
});
export type ProfessionalInsert = z.infer<typeof ProfessionalInsertSchema>;
export const ProfessionalUpdateSchema = ProfessionalInsertSchema.partial().extend({ id: IdSchema });
export type ProfessionalUpdate = z.infer<typeof ProfessionalUpdateSchema>;

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
