import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { NewIdSchema, defineRoute } from './contract.js';
import { PositionInsertSchema, PositionListQuerySchema, PositionRowSchema, PositionUpdateSchema } from './positions.js';

/** Positions (gwgl); the user forms pick a post from this list too. */
export const positionRoutes = {
  list: defineRoute({
    method: 'POST',
    path: '/api/position/list',
    permission: ['gwgl', 'yhgl', 'xsgl'],
    body: PositionListQuerySchema,
    response: pageSchema(PositionRowSchema),
  }),
  get: defineRoute({ method: 'POST', path: '/api/position/get', permission: ['gwgl', 'yhgl', 'xsgl'], body: IdBodySchema, response: PositionRowSchema }),
  insert: defineRoute({
    method: 'POST',
    path: '/api/position/insert',
    permission: ['gwgl:add'],
    operation: 'position.insert',
    body: PositionInsertSchema,
    response: NewIdSchema,
  }),
  update: defineRoute({
    method: 'POST',
    path: '/api/position/update',
    permission: ['gwgl:modify'],
    operation: 'position.update',
    body: PositionUpdateSchema,
    response: z.null(),
  }),
  delete: defineRoute({ method: 'POST', path: '/api/position/delete', permission: ['gwgl:delete'], operation: 'position.delete', body: IdsSchema, response: z.null() }),
};
