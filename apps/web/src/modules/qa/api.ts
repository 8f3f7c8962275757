import {
  qaRoutes as routes,
  type QaAnswerCreate,
  type QaCreate,
  type QaListQuery,
  type QaPortalQuery,
  type QaReplyQuery,
  type QaSensitiveWords,
  type QaUpdate,
} from '@hanlin/shared';
import { call, type CallOptions } from '../../platform/api/call';

export type QaQuery = Partial<QaListQuery> & { page: number; size: number };
type Ids = { ids: number[] };

export const findQaEntries = (q: QaQuery) => call(routes.list, q);
export const getQaById = (input: { id: number }) => call(routes.get, input);
export const insertQa = (input: QaCreate, opts?: CallOptions) => call(routes.insert, input, opts);
export const updateQa = (input: QaUpdate, opts?: CallOptions) => call(routes.update, input, opts);
export const deleteQa = (input: Ids) => call(routes.delete, input);
export const releaseQa = (input: Ids) => call(routes.release, input);
export const unreleaseQa = (input: Ids) => call(routes.unrelease, input);
export const pinQa = (input: Ids) => call(routes.pin, input);
export const unpinQa = (input: Ids) => call(routes.unpin, input);
export const getSensitiveWords = () => call(routes.sensitiveWords);
export const saveSensitiveWords = (input: QaSensitiveWords, opts?: CallOptions) => call(routes.saveSensitiveWords, input, opts);

/** Reply moderation (`manage-QA-replies`): replies of the entries in scope, hide and restore. */
export const findQaReplies = (q: Partial<QaReplyQuery> & { page: number; size: number }) => call(routes.replies, q);
export const hideQaReplies = (input: Ids) => call(routes.hideReplies, input);
export const restoreQaReplies = (input: Ids) => call(routes.restoreReplies, input);

/** Student center: released entries, their answers and follow-ups. */
export const findPortalQa = (q: Partial<QaPortalQuery> & { page: number; size: number }) => call(routes.portalList, q);
export const getPortalQa = (input: { id: number }) => call(routes.portalDetail, input);
export const findQaAnswers = (q: { entryId: number; page: number; size: number }) => call(routes.answers, q);
export const insertQaAnswer = (input: QaAnswerCreate, opts?: CallOptions) => call(routes.answer, input, opts);
export const deleteQaAnswer = (input: { id: number }) => call(routes.deleteAnswer, input);
