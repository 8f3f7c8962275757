import { z } from 'zod';
import { PageQuerySchema } from './api.js';

export const MESSAGE_TITLE_MAX = 200;
export const MESSAGE_CONTENT_MAX = 2000;

export const MessageListQuerySchema = PageQuerySchema.pick({ page: true, size: true }).extend({
  /** true: read only, false: unread only, absent: all. */
  read: z.boolean().optional(),
});
export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

export const MessageRowSchema = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  kind: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageRow = z.infer<typeof MessageRowSchema>;
