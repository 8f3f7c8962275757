import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdBodySchema,
  IdsSchema,
  NoticeCheckTitleSchema,
  NoticeCreateSchema,
  NoticeListQuerySchema,
  NoticeMyQuerySchema,
  NoticeUpdateSchema,
} from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { NoticesService } from './notices.service.js';

export function registerNoticesRoutes(app: FastifyInstance, notices: NoticesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notice'];

  // Management side (manage-notice, add-notice): data scope by the notice's organization.
  r.post('/api/notice/list', { config: { permission: ['gggl'] }, schema: { tags, body: NoticeListQuerySchema } }, async (req) =>
    ok(await notices.list(principalOf(req), req.body)),
  );
  r.post('/api/notice/get', { config: { permission: ['gggl'] }, schema: { tags, body: IdBodySchema } }, async (req) =>
    ok(await notices.get(principalOf(req), req.body.id)),
  );
  r.post('/api/notice/check-title', { config: { permission: ['gggl', 'gggl:add', 'gggl:modify'] }, schema: { tags, body: NoticeCheckTitleSchema } }, async (req) =>
    ok(await notices.checkTitle(req.body)),
  );
  r.post('/api/notice/insert', { config: { permission: ['gggl:add'], operation: 'notice.insert' }, schema: { tags, body: NoticeCreateSchema } }, async (req) =>
    ok(await notices.insert(principalOf(req), req.body)),
  );
  r.post('/api/notice/update', { config: { permission: ['gggl:modify'], operation: 'notice.update' }, schema: { tags, body: NoticeUpdateSchema } }, async (req) =>
    ok(await notices.update(principalOf(req), req.body)),
  );
  r.post('/api/notice/delete', { config: { permission: ['gggl:delete'], operation: 'notice.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await notices.remove(principalOf(req), req.body.ids)),
  );
  r.post('/api/notice/release', { config: { permission: ['gggl:publish'], operation: 'notice.release' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await notices.release(principalOf(req), req.body.ids)),
  );
  r.post('/api/notice/unrelease', { config: { permission: ['gggl:unpublish'], operation: 'notice.unrelease' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await notices.unrelease(principalOf(req), req.body.ids)),
  );

  // Student side (spec: "my notices", "notice detail by id").
  r.post('/api/notice/my', { config: { permission: 'authenticated' }, schema: { tags, body: NoticeMyQuerySchema } }, async (req) => ok(await notices.mine(req.body)));
  r.post('/api/notice/detail', { config: { permission: 'authenticated' }, schema: { tags, body: IdBodySchema } }, async (req) =>
    ok(await notices.detail(req.body.id)),
  );
}
