import { IdBodySchema, pageSchema } from './api.js';
import { AvailableSchema, CountSchema, batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import {
  NoticeCheckTitleSchema,
  NoticeCreateSchema,
  NoticeDetailSchema,
  NoticeListQuerySchema,
  NoticeMyQuerySchema,
  NoticePublicSchema,
  NoticeRowSchema,
  NoticeSortSchema,
  NoticeUpdateSchema,
} from './notices.js';

/** Notices: the management side (gggl, data scope by the notice's organization) and the student side. */
export const noticeRoutes = {
  ...listGetRoutes('/api/notice', ['gggl'], { query: NoticeListQuerySchema, row: NoticeRowSchema, detail: NoticeDetailSchema }),
  checkTitle: defineRoute({
    method: 'POST',
    path: '/api/notice/check-title',
    permission: ['gggl', 'gggl:add', 'gggl:modify'],
    body: NoticeCheckTitleSchema,
    response: AvailableSchema,
  }),
  insert: writeRoute('/api/notice/insert', ['gggl:add'], 'notice.insert', { body: NoticeCreateSchema, response: NoticeDetailSchema }),
  update: writeRoute('/api/notice/update', ['gggl:modify'], 'notice.update', { body: NoticeUpdateSchema, response: NoticeDetailSchema }),
  delete: batchRoute('/api/notice/delete', ['gggl:delete'], 'notice.delete'),
  release: batchRoute('/api/notice/release', ['gggl:publish'], 'notice.release'),
  unrelease: batchRoute('/api/notice/unrelease', ['gggl:unpublish'], 'notice.unrelease'),
  freeze: batchRoute('/api/notice/freeze', ['gggl:freeze'], 'notice.freeze'),
  unfreeze: batchRoute('/api/notice/unfreeze', ['gggl:freeze'], 'notice.unfreeze'),
  pin: batchRoute('/api/notice/pin', ['gggl:modify'], 'notice.pin'),
  unpin: batchRoute('/api/notice/unpin', ['gggl:modify'], 'notice.unpin'),
  /** The sort number changes in any state (a released notice keeps its place otherwise). */
  sort: writeRoute('/api/notice/sort', ['gggl:modify'], 'notice.sort', { body: NoticeSortSchema, response: CountSchema }),
  // Student side (spec: "my notices", "notice detail by id").
  my: defineRoute({ method: 'POST', path: '/api/notice/my', permission: 'authenticated', body: NoticeMyQuerySchema, response: pageSchema(NoticePublicSchema) }),
  detail: defineRoute({ method: 'POST', path: '/api/notice/detail', permission: 'authenticated', body: IdBodySchema, response: NoticePublicSchema }),
};
