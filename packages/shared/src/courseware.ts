import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';
import { LabelsSchema } from './labels.js';
import { isOneOf } from './typed.js';
import { MediaStateSchema } from './media.js';
import { AUDIO_EXTENSIONS, OFFICE_EXTENSIONS, VIDEO_EXTENSIONS } from './uploads.js';

/**
 * Courseware types (spec §5): a SCORM 1.2 zip, a document (spec "general": a PDF or an Office file, with its page
 * count), a video, an audio.
 */
export const COURSEWARE_TYPES = ['scorm', 'general', 'video', 'audio'] as const;
export type CoursewareType = (typeof COURSEWARE_TYPES)[number];

/** The type a file's name suggests (the add page preselects it; the server checks the file's content against the type chosen). */
export function coursewareTypeOfName(name: string): CoursewareType | null {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  if (ext === 'zip') return 'scorm';
  if (ext === 'pdf' || isOneOf(OFFICE_EXTENSIONS, ext)) return 'general';
  if (isOneOf(VIDEO_EXTENSIONS, ext)) return 'video';
  if (isOneOf(AUDIO_EXTENSIONS, ext)) return 'audio';
  return null;
}
/** Depth of the courseware category tree ("sort categories"; classifications keep to 5 levels, spec §9). */
export const COURSEWARE_CATEGORY_DEPTH = 5;
export const COURSEWARE_SORT_KEYS = ['id', 'name', 'createdAt'] as const;

const CoursewareFields = {
  /** Unique within its category (or among uncategorized courseware). */
  name: z.string().trim().min(1).max(200),
  categoryId: IdSchema.nullish(),
  labels: LabelsSchema.default([]),
  mobilePlay: z.boolean().default(true),
  download: z.boolean().default(false),
};
export const CoursewareInsertSchema = z.object({
  ...CoursewareFields,
  type: z.enum(COURSEWARE_TYPES),
  /** The uploaded file (`/api/upload/file/<public id>`, purpose `courseware`), checked against `type`. */
  file: z.string().trim().min(1).max(300),
});
export type CoursewareInsert = z.infer<typeof CoursewareInsertSchema>;
/** The file and type stay as uploaded; replacing them is a new courseware. */
export const CoursewareUpdateSchema = z.object({
  id: IdSchema,
  name: CoursewareFields.name.optional(),
  categoryId: CoursewareFields.categoryId,
  labels: LabelsSchema.optional(),
  mobilePlay: z.boolean().optional(),
  download: z.boolean().optional(),
});
export type CoursewareUpdate = z.infer<typeof CoursewareUpdateSchema>;

export const CoursewareListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  type: z.enum(COURSEWARE_TYPES).optional(),
  /** The category and its sub-categories. */
  categoryId: IdSchema.optional(),
});
export type CoursewareListQuery = z.infer<typeof CoursewareListQuerySchema>;

export const CoursewareAbilitiesSchema = z.object({ modify: z.boolean(), delete: z.boolean(), preview: z.boolean() });
export type CoursewareAbilities = z.infer<typeof CoursewareAbilitiesSchema>;

/** Processing of the file for players (media module); null for SCORM. */
export const CoursewareMediaSchema = MediaStateSchema.omit({ fileId: true });

export const CoursewareRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(COURSEWARE_TYPES),
  labels: z.array(z.string()),
  mobilePlay: z.boolean(),
  download: z.boolean(),
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  orgId: z.number().nullable(),
  orgName: z.string().nullable(),
  uploadedBy: z.number().nullable(),
  uploaderName: z.string().nullable(),
  /** Upload time. */
  createdAt: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  scormPackageId: z.number().nullable(),
  media: CoursewareMediaSchema.nullable(),
  abilities: CoursewareAbilitiesSchema,
});
export type CoursewareRow = z.infer<typeof CoursewareRowSchema>;
