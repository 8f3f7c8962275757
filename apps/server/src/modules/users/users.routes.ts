import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UserListQuerySchema } from '@hanlin/shared';
import { ok } from '../../platform/http.js';
import { principalOf } from '../../platform/auth/guard.js';
import type { Db } from '../../platform/db/client.js';
import { findUsers } from './users.repository.js';

export function registerUsersRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/user/list', { config: { permission: ['yhgl'] }, schema: { tags: ['user'], body: UserListQuerySchema } }, async (req) =>
    ok(await findUsers(db, principalOf(req), req.body)),
  );
}
