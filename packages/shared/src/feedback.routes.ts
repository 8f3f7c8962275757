import { z } from 'zod';
import { pageSchema } from './api.js';
import { FileAnswerSchema, NewIdSchema, defineRoute, writeRoute } from './contract.js';
import {
  FeedbackAddSchema,
  FeedbackExportSchema,
  FeedbackIdParamsSchema,
  FeedbackListQuerySchema,
  FeedbackManageRowSchema,
  FeedbackMineQuerySchema,
  FeedbackReplyRowSchema,
  FeedbackReplySchema,
  FeedbackRowSchema,
} from './feedback.js';

/** Feedback: managers (yjfk) list, reply and export; authors add and read their own. */
export const feedbackRoutes = {
  list: defineRoute({ method: 'POST', path: '/api/feedback/getall', permission: ['yjfk'], body: FeedbackListQuerySchema, response: pageSchema(FeedbackManageRowSchema) }),
  reply: writeRoute('/api/feedback/reply', ['yjfk:modify'], 'feedback.reply', { body: FeedbackReplySchema, response: NewIdSchema }),
  // Author or administrator in scope: checked by the service.
  replies: defineRoute({
    method: 'POST',
    path: '/api/feedback/getreplys/:id',
    permission: 'authenticated',
    params: FeedbackIdParamsSchema,
    response: z.array(FeedbackReplyRowSchema),
  }),
  get: defineRoute({ method: 'POST', path: '/api/feedback/getbyid/:id', permission: 'authenticated', params: FeedbackIdParamsSchema, response: FeedbackManageRowSchema }),
  export: writeRoute('/api/feedback/exportexcel', ['yjfk:export'], 'feedback.export', { body: FeedbackExportSchema, response: FileAnswerSchema, kind: 'download' }),
  add: defineRoute({
    method: 'POST',
    path: '/api/feedback/addfeedback',
    permission: 'authenticated',
    operation: 'feedback.add',
    body: FeedbackAddSchema,
    response: NewIdSchema,
  }),
  mine: defineRoute({ method: 'POST', path: '/api/feedback/mine', permission: 'authenticated', body: FeedbackMineQuerySchema, response: pageSchema(FeedbackRowSchema) }),
};
