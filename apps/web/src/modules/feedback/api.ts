import type { FeedbackExport, FeedbackListQuery, FeedbackReply, FeedbackReplyRow, FeedbackRow, Page } from '@hanlin/shared';
import { api, type DownloadResult } from '../../platform/api/client';

export type FeedbackQuery = Partial<FeedbackListQuery> & { page: number; size: number };

export const findFeedback = (q: FeedbackQuery) => api<Page<FeedbackRow>>('feedback/getall', q);
export const getFeedbackById = (input: { id: number }) => api<FeedbackRow>(`feedback/getbyid/${input.id}`);
export const findFeedbackReplies = (input: { id: number }) => api<FeedbackReplyRow[]>(`feedback/getreplys/${input.id}`);
export const replyFeedback = (input: FeedbackReply) => api<{ id: number }>('feedback/reply', input, { silent: true });
export const exportFeedback = (q: FeedbackExport) => api<DownloadResult>('feedback/exportexcel', q, { download: true, timeout: 5 * 60_000 });
