import { z } from 'zod';
import { IdSchema, PageQuerySchema } from './api.js';

export const FEEDBACK_SORT_KEYS = ['createdAt'] as const;
export const FEEDBACK_CONTENT_MAX = 2000;

const FeedbackFilters = {
  replied: z.boolean().optional(),
  /** Matches the content, the user name or the real name. */
  keyword: z.string().trim().max(200).optional(),
};

export const FeedbackListQuerySchema = PageQuerySchema.extend(FeedbackFilters);
export type FeedbackListQuery = z.infer<typeof FeedbackListQuerySchema>;

/** Export takes the list filters only (no paging). */
export const FeedbackExportSchema = z.strictObject(FeedbackFilters);
export type FeedbackExport = z.infer<typeof FeedbackExportSchema>;

export const FeedbackAddSchema = z.object({
  content: z.string().trim().min(1).max(FEEDBACK_CONTENT_MAX),
  contact: z.string().trim().max(100).optional(),
});
export type FeedbackAdd = z.infer<typeof FeedbackAddSchema>;

export const FeedbackReplySchema = z.object({
  id: IdSchema,
  content: z.string().trim().min(1).max(FEEDBACK_CONTENT_MAX),
});
export type FeedbackReply = z.infer<typeof FeedbackReplySchema>;

export const FeedbackMineQuerySchema = PageQuerySchema.pick({ page: true, size: true });
export type FeedbackMineQuery = z.infer<typeof FeedbackMineQuerySchema>;

export const FeedbackIdParamsSchema = z.object({ id: IdSchema });

export const FeedbackRowSchema = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  realname: z.string(),
  content: z.string(),
  contact: z.string().nullable(),
  replied: z.boolean(),
  replyCount: z.number(),
  createdAt: z.string(),
});
export type FeedbackRow = z.infer<typeof FeedbackRowSchema>;
/** What the caller may do with a feedback: reply needs `yjfk:modify` and the author inside the caller's data scope. */
export const FeedbackAbilitiesSchema = z.object({ reply: z.boolean() });
export type FeedbackAbilities = z.infer<typeof FeedbackAbilitiesSchema>;
/** A row of the management list and of the detail: the feedback with the caller's abilities. */
export const FeedbackManageRowSchema = FeedbackRowSchema.extend({ abilities: FeedbackAbilitiesSchema });
export type FeedbackManageRow = z.infer<typeof FeedbackManageRowSchema>;

export const FeedbackReplyRowSchema = z.object({
  id: z.number(),
  feedbackId: z.number(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  realname: z.string().nullable(),
  content: z.string(),
  createdAt: z.string(),
});
export type FeedbackReplyRow = z.infer<typeof FeedbackReplyRowSchema>;
