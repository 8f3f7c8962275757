import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdsSchema, MessageListQuerySchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { MessagesService } from './messages.service.js';

/** The caller's own in-site messages; every route works on the signed-in user only. */
export function registerMessagesRoutes(app: FastifyInstance, messages: MessagesService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['message'];
  r.post('/api/message/unread-count', { config: { permission: 'authenticated' }, schema: { tags } }, async (req) =>
    ok(await messages.unreadCount(principalOf(req).userId)),
  );
  r.post('/api/message/my', { config: { permission: 'authenticated' }, schema: { tags, body: MessageListQuerySchema } }, async (req) =>
    ok(await messages.mine(principalOf(req).userId, req.body)),
  );
  r.post('/api/message/read', { config: { permission: 'authenticated', operation: 'message.read' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await messages.read(principalOf(req).userId, req.body.ids)),
  );
  r.post('/api/message/read-all', { config: { permission: 'authenticated', operation: 'message.read-all' }, schema: { tags } }, async (req) =>
    ok(await messages.readAll(principalOf(req).userId)),
  );
  r.post('/api/message/delete', { config: { permission: 'authenticated', operation: 'message.delete' }, schema: { tags, body: IdsSchema } }, async (req) =>
    ok(await messages.remove(principalOf(req).userId, req.body.ids)),
  );
}
