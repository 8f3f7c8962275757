import { batchRoute, defineRoute, listGetRoutes, writeRoute } from './contract.js';
import { LeaderCenterQuerySchema, LeaderCenterSchema, LeaderCreateSchema, LeaderListQuerySchema, LeaderRowSchema, LeaderUpdateSchema } from './leaders.js';

/** Training leaders (`pxld`, data scope by the leader's organization) and the signed-in leader's plan center. */
export const leaderRoutes = {
  ...listGetRoutes('/api/leader', ['pxld'], { query: LeaderListQuerySchema, row: LeaderRowSchema, detail: LeaderRowSchema }),
  insert: writeRoute('/api/leader/insert', ['pxld:add'], 'leader.insert', { body: LeaderCreateSchema, response: LeaderRowSchema }),
  update: writeRoute('/api/leader/update', ['pxld:modify'], 'leader.update', { body: LeaderUpdateSchema, response: LeaderRowSchema }),
  delete: batchRoute('/api/leader/delete', ['pxld:delete'], 'leader.delete'),
  /** The caller's own plan center: what the organizations they lead plan (read only; no code, a designation is the right). */
  center: defineRoute({ method: 'POST', path: '/api/leader/center', permission: 'authenticated', body: LeaderCenterQuerySchema, response: LeaderCenterSchema }),
};
