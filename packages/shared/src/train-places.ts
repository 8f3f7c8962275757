import { z } from 'zod';
import { IdSchema, PageQuerySchema, ownerNameFields } from './api.js';

/**
 * Training sites (spec: manage-train-place, train-place-detail; §3 "Training site": name, contact,
 * city, address, introduction). Names are unique (DUPLICATE_TRAINING_SITE); one in use is not
 * deleted (IN_USE_TRAINING_SITE). Code pxcdgl (the spec lists none).
 */
export const TRAIN_PLACE_SORT_KEYS = ['id', 'name', 'city', 'createdAt'] as const;

const trainPlaceFields = {
  name: z.string().trim().min(1).max(50),
  contact: z.string().trim().max(30).nullable(),
  city: z.string().trim().max(50).nullable(),
  address: z.string().trim().max(200).nullable(),
  introduction: z.string().trim().max(2000).nullable(),
};

export const TrainPlaceCreateSchema = z.object({
  name: trainPlaceFields.name,
  contact: trainPlaceFields.contact.optional(),
  city: trainPlaceFields.city.optional(),
  address: trainPlaceFields.address.optional(),
  introduction: trainPlaceFields.introduction.optional(),
});
export type TrainPlaceCreate = z.infer<typeof TrainPlaceCreateSchema>;
export const TrainPlaceUpdateSchema = z.object(trainPlaceFields).partial().extend({ id: IdSchema });
export type TrainPlaceUpdate = z.infer<typeof TrainPlaceUpdateSchema>;

export const TrainPlaceListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  city: z.string().trim().max(50).optional(),
});
export type TrainPlaceListQuery = z.infer<typeof TrainPlaceListQuerySchema>;

export const TrainPlaceAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean() });
export type TrainPlaceAbilities = z.infer<typeof TrainPlaceAbilitiesSchema>;
export const TrainPlaceRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  contact: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  introduction: z.string().nullable(),
  ...ownerNameFields,
  updatedAt: z.string(),
  abilities: TrainPlaceAbilitiesSchema,
});
export type TrainPlaceRow = z.infer<typeof TrainPlaceRowSchema>;
