import { z } from 'zod';
import { pageSchema } from './api.js';
import { CountSchema, batchRoute, defineRoute } from './contract.js';
import { MessageConfigSchema, MessageIdSchema, MessageListQuerySchema, MessageRowSchema } from './messages.js';

/** The caller's own in-site messages; every route works on the signed-in user only. */
export const messageRoutes = {
  unreadCount: defineRoute({ method: 'POST', path: '/api/message/unread-count', permission: 'authenticated', response: z.number().int() }),
  mine: defineRoute({ method: 'POST', path: '/api/message/my', permission: 'authenticated', body: MessageListQuerySchema, response: pageSchema(MessageRowSchema) }),
  /** Read by id: the message, marked read. */
  get: defineRoute({ method: 'POST', path: '/api/message/get', permission: 'authenticated', body: MessageIdSchema, response: MessageRowSchema }),
  read: batchRoute('/api/message/read', 'authenticated', 'message.read'),
  readAll: defineRoute({ method: 'POST', path: '/api/message/read-all', permission: 'authenticated', operation: 'message.read-all', response: CountSchema }),
  delete: batchRoute('/api/message/delete', 'authenticated', 'message.delete'),
  getConfig: defineRoute({ method: 'POST', path: '/api/message/config', permission: 'authenticated', response: MessageConfigSchema }),
  saveConfig: defineRoute({
    method: 'POST',
    path: '/api/message/config/save',
    permission: 'authenticated',
    operation: 'message.config',
    body: MessageConfigSchema,
    response: MessageConfigSchema,
  }),
};
