import { z } from 'zod';
import { IdBodySchema, IdsSchema, pageSchema } from './api.js';
import { NewIdSchema, defineRoute, writeRoute } from './contract.js';
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
  insert: writeRoute('/api/position/insert', ['gwgl:add'], 'position.insert', { body: PositionInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/position/update', ['gwgl:modify'], 'position.update', { body: PositionUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/position/delete', ['gwgl:delete'], 'position.delete', { body: IdsSchema, response: z.null() }),
};
