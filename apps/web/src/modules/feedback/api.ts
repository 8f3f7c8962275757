import { feedbackRoutes as routes, type FeedbackExport, type FeedbackListQuery, type FeedbackReply } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type FeedbackQuery = Partial<FeedbackListQuery> & { page: number; size: number };

export const findFeedback = (q: FeedbackQuery) => call(routes.list, q);
export const getFeedbackById = (input: { id: number }) => call(routes.get, input);
export const findFeedbackReplies = (input: { id: number }) => call(routes.replies, input);
export const replyFeedback = (input: FeedbackReply) => call(routes.reply, input, { silent: true });
export const exportFeedback = (q: FeedbackExport) => call(routes.export, q, { timeout: 5 * 60_000 });
