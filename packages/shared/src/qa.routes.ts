import { IdBodySchema, pageSchema } from './api.js';
import { batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import {
  QaAnswerCreateSchema,
  QaAnswerRowSchema,
  QaAnswersQuerySchema,
  QaCreateSchema,
  QaListQuerySchema,
  QaPortalQuerySchema,
  QaPublicSchema,
  QaReplyQuerySchema,
  QaReplyRowSchema,
  QaRowSchema,
  QaSensitiveWordsSchema,
  QaUpdateSchema,
} from './qa.js';

const student = { permission: ['zs-pc'], tags: ['student'] } as const;

/** Q&A: the management side (wdgl, data scope by the entry's organization) and the student center (zs-pc). */
export const qaRoutes = {
  ...listGetRoutes('/api/qa', ['wdgl'], { query: QaListQuerySchema, row: QaRowSchema, detail: QaRowSchema }),
  insert: writeRoute('/api/qa/insert', ['wdgl:add'], 'qa.insert', { body: QaCreateSchema, response: QaRowSchema }),
  update: writeRoute('/api/qa/update', ['wdgl:modify'], 'qa.update', { body: QaUpdateSchema, response: QaRowSchema }),
  delete: batchRoute('/api/qa/delete', ['wdgl:delete'], 'qa.delete'),
  release: batchRoute('/api/qa/release', ['wdgl:publish'], 'qa.release'),
  unrelease: batchRoute('/api/qa/unrelease', ['wdgl:unpublish'], 'qa.unrelease'),
  /** At most the parameter `pinnedQaLimit` (1–9) pinned at once: TOP_COUNT_EXCEEDED beyond. */
  pin: batchRoute('/api/qa/pin', ['wdgl:modify'], 'qa.pin'),
  unpin: batchRoute('/api/qa/unpin', ['wdgl:modify'], 'qa.unpin'),
  sensitiveWords: defineRoute({ method: 'POST', path: '/api/qa/sensitive-words', permission: ['wdgl'], response: QaSensitiveWordsSchema }),
  saveSensitiveWords: writeRoute('/api/qa/sensitive-words/save', ['wdgl:modify'], 'qa.sensitiveWords', {
    body: QaSensitiveWordsSchema,
    response: QaSensitiveWordsSchema,
  }),
  // Reply moderation: hidden replies leave the student center; restoring one holding a sensitive word is refused (SENSITIVE_WORDS).
  replies: defineRoute({ method: 'POST', path: '/api/qa/reply/list', permission: ['wdgl'], body: QaReplyQuerySchema, response: pageSchema(QaReplyRowSchema) }),
  hideReplies: batchRoute('/api/qa/reply/hide', ['wdgl:modify'], 'qa.reply.hide'),
  restoreReplies: batchRoute('/api/qa/reply/restore', ['wdgl:modify'], 'qa.reply.restore'),
  // Student center.
  portalList: defineRoute({ method: 'POST', path: '/api/qa/portal/list', ...student, body: QaPortalQuerySchema, response: pageSchema(QaPublicSchema) }),
  portalDetail: defineRoute({ method: 'POST', path: '/api/qa/portal/detail', ...student, body: IdBodySchema, response: QaPublicSchema }),
  answers: defineRoute({ method: 'POST', path: '/api/qa/answer/list', ...student, body: QaAnswersQuerySchema, response: pageSchema(QaAnswerRowSchema) }),
  answer: writeRoute('/api/qa/answer/insert', ['zs-pc'], 'qa.answer', { body: QaAnswerCreateSchema, response: QaAnswerRowSchema }),
  deleteAnswer: writeRoute('/api/qa/answer/delete', ['zs-pc'], 'qa.answer.delete', { body: IdBodySchema, response: QaAnswerRowSchema.pick({ id: true }) }),
};
