import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FeedbackAddSchema, FeedbackExportSchema, FeedbackIdParamsSchema, FeedbackListQuerySchema, FeedbackMineQuerySchema, FeedbackReplySchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import { sendXlsx, stampedName } from '../audit/index.js';
import type { FeedbackService } from './feedback.service.js';

export function registerFeedbackRoutes(app: FastifyInstance, fb: FeedbackService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['feedback'];

  r.post('/api/feedback/getall', { config: { permission: ['yjfk'] }, schema: { tags, body: FeedbackListQuerySchema } }, async (req) =>
    ok(await fb.list(principalOf(req), req.body)),
  );
  r.post(
    '/api/feedback/reply',
    { config: { permission: ['yjfk:modify'], operation: 'feedback.reply' }, schema: { tags, body: FeedbackReplySchema } },
    async (req) => ok(await fb.reply(principalOf(req), req.body)),
  );
  // Author or administrator in scope: checked by the service.
  r.post('/api/feedback/getreplys/:id', { config: { permission: 'authenticated' }, schema: { tags, params: FeedbackIdParamsSchema } }, async (req) =>
    ok(await fb.replies(principalOf(req), req.params.id)),
  );
  r.post('/api/feedback/getbyid/:id', { config: { permission: 'authenticated' }, schema: { tags, params: FeedbackIdParamsSchema } }, async (req) =>
    ok(await fb.getById(principalOf(req), req.params.id)),
  );
  r.post(
    '/api/feedback/exportexcel',
    { config: { permission: ['yjfk:export'], operation: 'feedback.export' }, schema: { tags, body: FeedbackExportSchema } },
    async (req, reply) => sendXlsx(reply, await fb.exportExcel(principalOf(req), req.body), stampedName('意见反馈')),
  );
  r.post(
    '/api/feedback/addfeedback',
    { config: { permission: 'authenticated', operation: 'feedback.add' }, schema: { tags, body: FeedbackAddSchema } },
    async (req) => ok(await fb.add(principalOf(req), req.body)),
  );
  r.post('/api/feedback/mine', { config: { permission: 'authenticated' }, schema: { tags, body: FeedbackMineQuerySchema } }, async (req) =>
    ok(await fb.mine(principalOf(req), req.body)),
  );
}
