import { IdSchema, IdsSchema, pageSchema } from './api.js';
import { defineRoute, writeRoute } from './contract.js';
import { z } from 'zod';
import {
  AppVersionCreateSchema,
  AppVersionListQuerySchema,
  AppVersionManageRowSchema,
  AppVersionPublicQuerySchema,
  AppVersionRowSchema,
  AppVersionUpdateSchema,
} from './app-versions.js';

/** App versions: the public `/manage-version` page and the bbgl back office. */
export const appVersionRoutes = {
  publicList: defineRoute({
    method: 'POST',
    path: '/api/app-version/list',
    permission: 'public',
    body: AppVersionPublicQuerySchema,
    response: pageSchema(AppVersionRowSchema),
  }),
  list: defineRoute({
    method: 'POST',
    path: '/api/app-version/manage-list',
    permission: ['bbgl'],
    body: AppVersionListQuerySchema,
    response: pageSchema(AppVersionManageRowSchema),
  }),
  get: defineRoute({ method: 'POST', path: '/api/app-version/getbyid/:id', permission: ['bbgl'], params: z.object({ id: IdSchema }), response: AppVersionManageRowSchema }),
  insert: writeRoute('/api/app-version/insert', ['bbgl:add'], 'app-version.insert', { body: AppVersionCreateSchema, response: AppVersionRowSchema }),
  update: writeRoute('/api/app-version/update', ['bbgl:modify'], 'app-version.update', { body: AppVersionUpdateSchema, response: AppVersionRowSchema }),
  delete: writeRoute('/api/app-version/delete', ['bbgl:delete'], 'app-version.delete', { body: IdsSchema, response: z.object({ deleted: z.number() }) }),
};
