import { z } from 'zod';
import { IdSchema, PageQuerySchema, ownerFields } from './api.js';

/**
 * Help documents and downloadable templates of the training back office (spec §2
 * `help-and-template`, `update-help-template`): a title, a category, a rich-text body, attached
 * files (uploads of purpose `help-template`), a sort order and a published flag. Managed with code
 * `bzmb` (see permissions.ts); the published ones are read by everyone holding a training code.
 */
export const HELP_TEMPLATE_CATEGORIES = ['guide', 'template', 'policy', 'other'] as const;
export type HelpTemplateCategory = (typeof HELP_TEMPLATE_CATEGORIES)[number];
export const HELP_TEMPLATE_UPLOAD_PURPOSE = 'help-template';
export const HELP_TEMPLATE_TITLE_MAX = 200;
/** Visible text of the body (the HTML may be longer). */
export const HELP_TEMPLATE_BODY_TEXT_MAX = 20_000;
export const HELP_TEMPLATE_BODY_HTML_MAX = 200_000;
export const HELP_TEMPLATE_ATTACHMENTS_MAX = 10;
/** Codes of the training menu: holders of any read the published help documents and templates. */
export const TRAINING_READER_CODES = ['bzmb', 'ndjh', 'pxjh', 'pxapgl', 'pxbmsp', 'pxkqsp', 'pxjgsp', 'pxjggl', 'ssgl', 'wxpx', 'pxcdgl', 'pxld'] as const;

/** An uploaded file named by its reference (`/api/upload/file/<uuid>`, as the upload answered). */
const fileRef = z.string().trim().min(1).max(500);

const fields = {
  title: z.string().trim().min(1).max(HELP_TEMPLATE_TITLE_MAX),
  category: z.enum(HELP_TEMPLATE_CATEGORIES),
  body: z.string().max(HELP_TEMPLATE_BODY_HTML_MAX),
  attachments: z.array(fileRef).max(HELP_TEMPLATE_ATTACHMENTS_MAX),
  /** Lower first. */
  sort: z.number().int().min(0).max(99_999),
  published: z.boolean(),
};
export const HelpTemplateCreateSchema = z.object({
  ...fields,
  body: fields.body.default(''),
  attachments: fields.attachments.default([]),
  sort: fields.sort.default(0),
  published: fields.published.default(false),
});
export type HelpTemplateCreate = z.infer<typeof HelpTemplateCreateSchema>;
/** Fields left out keep their value; `attachments`, when given, is the whole list. */
export const HelpTemplateUpdateSchema = z.object(fields).partial().extend({ id: IdSchema });
export type HelpTemplateUpdate = z.infer<typeof HelpTemplateUpdateSchema>;

export const HELP_TEMPLATE_SORT_KEYS = ['sort', 'id', 'title', 'updatedAt'] as const;
export const HelpTemplateListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  category: z.enum(HELP_TEMPLATE_CATEGORIES).optional(),
  published: z.coerce.boolean().optional(),
});
export type HelpTemplateListQuery = z.infer<typeof HelpTemplateListQuerySchema>;

export const HelpTemplateFileSchema = z.object({ ref: z.string(), name: z.string(), size: z.number() });
export type HelpTemplateFile = z.infer<typeof HelpTemplateFileSchema>;

export const HelpTemplateRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  category: z.enum(HELP_TEMPLATE_CATEGORIES),
  sort: z.number(),
  published: z.boolean(),
  attachments: z.array(HelpTemplateFileSchema),
  ...ownerFields,
  updatedAt: z.string(),
  abilities: z.object({ modify: z.boolean(), delete: z.boolean() }),
});
export type HelpTemplateRow = z.infer<typeof HelpTemplateRowSchema>;
export const HelpTemplateDetailSchema = HelpTemplateRowSchema.extend({ body: z.string() });
export type HelpTemplateDetail = z.infer<typeof HelpTemplateDetailSchema>;
