import { OUTSIDE_TRAINING_APPROVAL_TYPE, OUTSIDE_TRAINING_UPLOAD_PURPOSE } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { registerApprovalType } from '../approvals/index.js';
import { registerFileReadRule } from '../uploads/index.js';
import { registerOutsideTrainingsRoutes } from './outside-trainings.routes.js';
import { createOutsideTrainingsService } from './outside-trainings.service.js';

export default defineModule({
  name: 'outside-trainings',
  register(app, ctx) {
    const s = createOutsideTrainingsService({ app, db: ctx.db, lists: ctx.lists });
    registerOutsideTrainingsRoutes(app, s);
    registerApprovalType(app, OUTSIDE_TRAINING_APPROVAL_TYPE, {
      ...s.approvalType,
      mayRead: (tx, p, id) => s.mayRead(tx, p, id),
    });
    // Attachments and certificates: the applicant (their upload) and the managers in scope.
    registerFileReadRule(app, OUTSIDE_TRAINING_UPLOAD_PURPOSE, (p, file) => file.refId !== null && s.mayRead(ctx.db, p, file.refId));
  },
});
