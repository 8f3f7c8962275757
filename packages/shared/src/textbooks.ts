import { z } from 'zod';
import { IdSchema, PageQuerySchema, ownerNameFields } from './api.js';
import { LabelsSchema } from './labels.js';
import { definePublishLifecycle } from './lifecycle.js';

/**
 * Digital textbooks (spec §4 "Course and textbook"): draft, published (on the shelf), unpublished,
 * off the shelf. Off the shelf is irreversible; a published textbook's information cannot change.
 */
export const TEXTBOOK_LIFECYCLE = definePublishLifecycle('textbooks', 'textbook', { deletable: ['draft', 'unpublished'], offShelf: 'offShelf' });
export type TextbookStatus = (typeof TEXTBOOK_LIFECYCLE.states)[number];
export type TextbookCommand = keyof typeof TEXTBOOK_LIFECYCLE.transitions;
export const TextbookAbilitiesSchema = TEXTBOOK_LIFECYCLE.abilitiesSchema;
export type TextbookAbilities = z.infer<typeof TextbookAbilitiesSchema>;

export const TEXTBOOK_SORT_KEYS = ['id', 'name', 'createdAt'] as const;
/** Classifications keep to 5 levels (spec §9). */
export const TEXTBOOK_CATEGORY_DEPTH = 5;
export const TEXTBOOK_INTRO_MAX = 10000;
export const TEXTBOOK_NOTE_MAX = 2000;

const uploadRef = z.string().trim().min(1).max(300);
const textbookFields = {
  /** Unique among textbooks. */
  name: z.string().trim().min(1).max(200),
  categoryId: IdSchema.nullish(),
  labels: LabelsSchema,
  intro: z.string().max(TEXTBOOK_INTRO_MAX),
  author: z.string().trim().max(100),
  publisher: z.string().trim().max(100),
  /** The uploaded cover (`/api/upload/file/<public id>`, purpose `cover`), or none. */
  cover: uploadRef.nullish(),
  /** The uploaded PDF (`/api/upload/file/<public id>`, purpose `textbook`). */
  file: uploadRef,
};
const f = textbookFields;
export const TextbookInsertSchema = z.object({
  ...f,
  labels: f.labels.default([]),
  intro: f.intro.default(''),
  author: f.author.default(''),
  publisher: f.publisher.default(''),
});
export type TextbookInsert = z.infer<typeof TextbookInsertSchema>;
/** Fields left out keep their value; only a draft or unpublished textbook changes. */
export const TextbookUpdateSchema = z.object(textbookFields).partial().extend({ id: IdSchema });
export type TextbookUpdate = z.infer<typeof TextbookUpdateSchema>;

export const TextbookListQuerySchema = PageQuerySchema.extend({
  keyword: z.string().trim().max(100).optional(),
  status: TEXTBOOK_LIFECYCLE.stateSchema.optional(),
  /** The category and its sub-categories. */
  categoryId: IdSchema.optional(),
});
export type TextbookListQuery = z.infer<typeof TextbookListQuerySchema>;

export const TextbookRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: TEXTBOOK_LIFECYCLE.stateSchema,
  categoryId: z.number().nullable(),
  categoryName: z.string().nullable(),
  labels: z.array(z.string()),
  intro: z.string(),
  author: z.string(),
  publisher: z.string(),
  cover: z.string().nullable(),
  /** Signed link an <img> loads without headers. */
  coverUrl: z.string().nullable(),
  file: z.string(),
  fileName: z.string(),
  ...ownerNameFields,
  publishedAt: z.string().nullable(),
  abilities: TextbookAbilitiesSchema,
});
export type TextbookRow = z.infer<typeof TextbookRowSchema>;

/** The student portal: published textbooks. `mine` keeps to those the caller registered. */
export const TextbookShelfQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({
  keyword: z.string().trim().max(100).optional(),
  categoryId: IdSchema.optional(),
  mine: z.boolean().optional(),
});
export type TextbookShelfQuery = z.infer<typeof TextbookShelfQuerySchema>;

/** A textbook on the student's shelf: the textbook's own fields, its scores and whether the caller registered. */
export const TextbookCardSchema = TextbookRowSchema.pick({ id: true, name: true, author: true, publisher: true, labels: true, coverUrl: true }).extend({
  /** Mean of the 1–5 scores, null before the first. */
  averageScore: z.number().nullable(),
  scoreCount: z.number(),
  registered: z.boolean(),
});
export type TextbookCard = z.infer<typeof TextbookCardSchema>;

/**
 * What the reader may do now: register (a published textbook not yet registered), unregister (a
 * registered one), score (once per reader).
 */
export const TextbookReaderAbilitiesSchema = z.object({ register: z.boolean(), unregister: z.boolean(), score: z.boolean() });
export type TextbookReaderAbilities = z.infer<typeof TextbookReaderAbilitiesSchema>;

/** What the reader page needs. A registered reader keeps reading an unpublished or off-shelf textbook. */
export const TextbookReadingSchema = TextbookCardSchema.extend({
  intro: z.string(),
  status: TEXTBOOK_LIFECYCLE.stateSchema,
  /** Signed link of the PDF for pdf.js. */
  pdfUrl: z.string().nullable(),
  myScore: z.number().nullable(),
  /** Last page the caller read (from 1), and the page count seen then. */
  page: z.number().nullable(),
  pageCount: z.number().nullable(),
  abilities: TextbookReaderAbilitiesSchema,
});
export type TextbookReading = z.infer<typeof TextbookReadingSchema>;

export const TextbookProgressSchema = z.object({
  id: IdSchema,
  page: z.number().int().min(1).max(100000),
  pageCount: z.number().int().min(1).max(100000),
});
export type TextbookProgress = z.infer<typeof TextbookProgressSchema>;

export const TextbookScoreSchema = z.object({ id: IdSchema, score: z.number().int().min(1).max(5) });
export type TextbookScore = z.infer<typeof TextbookScoreSchema>;

export const TextbookNoteInsertSchema = z.object({
  textbookId: IdSchema,
  page: z.number().int().min(1).max(100000),
  content: z.string().trim().min(1).max(TEXTBOOK_NOTE_MAX),
});
export type TextbookNoteInsert = z.infer<typeof TextbookNoteInsertSchema>;
export const TextbookNoteUpdateSchema = z.object({ id: IdSchema, content: TextbookNoteInsertSchema.shape.content });
export type TextbookNoteUpdate = z.infer<typeof TextbookNoteUpdateSchema>;
export const TextbookNoteListQuerySchema = z.object({ textbookId: IdSchema, page: z.number().int().min(1).max(100000).optional() });
export type TextbookNoteListQuery = z.infer<typeof TextbookNoteListQuerySchema>;
export const TextbookNoteSchema = z.object({ id: z.number(), textbookId: z.number(), page: z.number(), content: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type TextbookNote = z.infer<typeof TextbookNoteSchema>;
