import { DICT_TYPES } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { registerDictUse } from '../dict/index.js';
import { registerQaRoutes } from './qa.routes.js';
import { createQaService } from './qa.service.js';
import { categoriesHeld } from './qa.repository.js';

export default defineModule({
  name: 'qa',
  register(app, ctx) {
    registerQaRoutes(app, createQaService({ db: ctx.db, lists: ctx.lists }));
    // A category some entry holds cannot leave the dictionary (IN_USE_DICT_ENTRY).
    registerDictUse(app, 'qa', { types: [DICT_TYPES.qaCategory], inUse: (db, _type, values) => categoriesHeld(db, values) });
  },
});
