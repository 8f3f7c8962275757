import { audienceRoutes } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';
import { searchCandidates } from './audiences.service.js';

export default defineModule({
  name: 'audiences',
  register(app, { db }) {
    registerRoute(app, audienceRoutes.search, async (req) => searchCandidates(db, principalOf(req), req.body));
  },
});
