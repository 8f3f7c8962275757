import { TRAIN_PLAN_APPROVAL_TYPE } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { registerApprovalType } from '../approvals/index.js';
import { registerTrainPlansRoutes } from './train-plans.routes.js';
import { createTrainPlansService } from './train-plans.service.js';

export default defineModule({
  name: 'train-plans',
  register(app, ctx) {
    const plans = createTrainPlansService({ app, db: ctx.db, lists: ctx.lists });
    registerTrainPlansRoutes(app, plans);
    registerApprovalType(app, TRAIN_PLAN_APPROVAL_TYPE, {
      onState: (tx, e) => plans.onApprovalState(tx, e),
      prepare: (tx, p, id) => plans.prepareApproval(tx, p, id),
      mayRead: (tx, p, id) => plans.mayReadApproval(tx, p, id),
    });
  },
});
