import { dashboardRoutes as routes } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { registerRoute } from '../../platform/route.js';
import { principalOf } from '../../platform/auth/guard.js';

/** The management home: the cards the other modules contributed (`ctx.dashboard.card`), as the caller may see them. */
export default defineModule({
  name: 'dashboard',
  register(app, { dashboard }) {
    registerRoute(app, routes.cards, async (req) => dashboard.cardsFor(principalOf(req)));
  },
});
