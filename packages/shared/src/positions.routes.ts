import { z } from 'zod';
import { IdsSchema } from './api.js';
import { NewIdSchema, listGetRoutes, writeRoute } from './contract.js';
import { PositionInsertSchema, PositionListQuerySchema, PositionRowSchema, PositionUpdateSchema } from './positions.js';

/** Positions (gwgl); the user forms pick a post from this list too. */
export const positionRoutes = {
  ...listGetRoutes('/api/position', ['gwgl', 'yhgl', 'xsgl'], { query: PositionListQuerySchema, row: PositionRowSchema, detail: PositionRowSchema }),
  insert: writeRoute('/api/position/insert', ['gwgl:add'], 'position.insert', { body: PositionInsertSchema, response: NewIdSchema }),
  update: writeRoute('/api/position/update', ['gwgl:modify'], 'position.update', { body: PositionUpdateSchema, response: z.null() }),
  delete: writeRoute('/api/position/delete', ['gwgl:delete'], 'position.delete', { body: IdsSchema, response: z.null() }),
};
