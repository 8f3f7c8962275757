import { z } from 'zod';
import { IdSchema, PageQuerySchema, ownerNameFields } from './api.js';

/**
 * Training organizations (spec: manage-institution, add-institution, code pxjggl; §3 "Training
 * organization": name, phone, contact, contact phone, address, training direction, cover,
 * qualification, profile). Names are unique (DUPLICATE_TRAINING_ORGANIZATION).
 */
export const INSTITUTION_SORT_KEYS = ['id', 'name', 'createdAt'] as const;
export const INSTITUTION_NAME_MAX = 50;

const phone = z
  .string()
  .trim()
  .max(30)
  .regex(/^[0-9+\-() ]*$/, 'validation.phone');
const text = (max: number) => z.string().trim().max(max);

const institutionFields = {
  name: z.string().trim().min(1).max(INSTITUTION_NAME_MAX),
  phone: phone.nullable(),
  contact: text(30).nullable(),
  contactPhone: phone.nullable(),
  address: text(200).nullable(),
  direction: text(100).nullable(),
  /** An uploaded image (`/api/upload/...`) or null. */
  cover: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/api\/upload\//)
    .nullable(),
  qualification: text(500).nullable(),
  profile: text(2000).nullable(),
};
const optionalFields = Object.fromEntries(Object.entries(institutionFields).map(([k, v]) => [k, k === 'name' ? v : v.optional()])) as {
  [K in keyof typeof institutionFields]: K extends 'name' ? (typeof institutionFields)[K] : z.ZodOptional<(typeof institutionFields)[K]>;
};

export const InstitutionCreateSchema = z.object(optionalFields);
export type InstitutionCreate = z.infer<typeof InstitutionCreateSchema>;
export const InstitutionUpdateSchema = z.object(institutionFields).partial().extend({ id: IdSchema });
export type InstitutionUpdate = z.infer<typeof InstitutionUpdateSchema>;

export const InstitutionListQuerySchema = PageQuerySchema.extend({ keyword: z.string().trim().max(100).optional() });
export type InstitutionListQuery = z.infer<typeof InstitutionListQuerySchema>;

export const InstitutionAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export const InstitutionRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string().nullable(),
  contact: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  direction: z.string().nullable(),
  cover: z.string().nullable(),
  qualification: z.string().nullable(),
  profile: z.string().nullable(),
  ...ownerNameFields,
  updatedAt: z.string(),
  abilities: InstitutionAbilitiesSchema,
});
export type InstitutionRow = z.infer<typeof InstitutionRowSchema>;
export type InstitutionAbilities = z.infer<typeof InstitutionAbilitiesSchema>;
