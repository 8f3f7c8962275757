import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { AvailableSchema, CountSchema, defineRoute } from './contract.js';
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
  list: defineRoute({ method: 'POST', path: '/api/notice/list', permission: ['gggl'], body: NoticeListQuerySchema, response: pageSchema(NoticeRowSchema) }),
  get: defineRoute({ method: 'POST', path: '/api/notice/get', permission: ['gggl'], body: IdBodySchema, response: NoticeDetailSchema }),
  checkTitle: defineRoute({
    method: 'POST',
    path: '/api/notice/check-title',
    permission: ['gggl', 'gggl:add', 'gggl:modify'],
    body: NoticeCheckTitleSchema,
    response: AvailableSchema,
  }),
  insert: defineRoute({
    method: 'POST',
    path: '/api/notice/insert',
    permission: ['gggl:add'],
    operation: 'notice.insert',
    body: NoticeCreateSchema,
    response: NoticeDetailSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/notice/update',
    permission: ['gggl:modify'],
    operation: 'notice.update',
    body: NoticeUpdateSchema,
    response: NoticeDetailSchema,
  }),
  delete: defineRoute({ method: 'POST', path: '/api/notice/delete', permission: ['gggl:delete'], operation: 'notice.delete', body: IdsSchema, response: CountSchema }),
  release: defineRoute({ method: 'POST', path: '/api/notice/release', permission: ['gggl:publish'], operation: 'notice.release', body: IdsSchema, response: CountSchema }),
  unrelease: defineRoute({
    method: 'POST',
    path: '/api/notice/unrelease',
    permission: ['gggl:unpublish'],
    operation: 'notice.unrelease',
    body: IdsSchema,
    response: CountSchema,
  }),
  freeze: defineRoute({ method: 'POST', path: '/api/notice/freeze', permission: ['gggl:freeze'], operation: 'notice.freeze', body: IdsSchema, response: CountSchema }),
  unfreeze: defineRoute({ method: 'POST', path: '/api/notice/unfreeze', permission: ['gggl:freeze'], operation: 'notice.unfreeze', body: IdsSchema, response: CountSchema }),
  pin: defineRoute({ method: 'POST', path: '/api/notice/pin', permission: ['gggl:modify'], operation: 'notice.pin', body: IdsSchema, response: CountSchema }),
  unpin: defineRoute({ method: 'POST', path: '/api/notice/unpin', permission: ['gggl:modify'], operation: 'notice.unpin', body: IdsSchema, response: CountSchema }),
  /** The sort number changes in any state (a released notice keeps its place otherwise). */
  sort: defineRoute({ method: 'POST', path: '/api/notice/sort', permission: ['gggl:modify'], operation: 'notice.sort', body: NoticeSortSchema, response: CountSchema }),
  // Student side (spec: "my notices", "notice detail by id").
  my: defineRoute({ method: 'POST', path: '/api/notice/my', permission: 'authenticated', body: NoticeMyQuerySchema, response: pageSchema(NoticePublicSchema) }),
  detail: defineRoute({ method: 'POST', path: '/api/notice/detail', permission: 'authenticated', body: IdBodySchema, response: NoticePublicSchema }),
};
