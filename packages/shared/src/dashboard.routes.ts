import { defineRoute } from './contract.js';
import { DashboardSchema } from './dashboard.js';

/** The management home's cards: any signed-in caller; each card checks its own codes and the data scope. */
export const dashboardRoutes = {
  cards: defineRoute({ method: 'POST', path: '/api/dashboard/cards', permission: 'authenticated', response: DashboardSchema }),
};
