import { defineModule } from '../../platform/context.js';
import { registerDictRoutes } from './dict.routes.js';
import { createDictService } from './dict.service.js';
import { dictUsesOf } from './dict.usage.js';

export default defineModule({
  name: 'dict',
  register(app, ctx) {
    registerDictRoutes(app, createDictService({ db: ctx.db, lists: ctx.lists, uses: dictUsesOf(app) }));
  },
});
