import { YEAR_PLAN_APPROVAL_TYPE } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { registerApprovalType } from '../approvals/index.js';
import { registerYearPlansRoutes } from './year-plans.routes.js';
import { createYearPlansService } from './year-plans.service.js';

export default defineModule({
  name: 'year-plans',
  register(app, ctx) {
    const plans = createYearPlansService({ app, db: ctx.db, lists: ctx.lists });
    registerYearPlansRoutes(app, plans);
    registerApprovalType(app, YEAR_PLAN_APPROVAL_TYPE, {
      ...plans.approvalType,
      mayRead: (tx, p, id) => plans.mayReadApproval(tx, p, id),
    });
  },
});
