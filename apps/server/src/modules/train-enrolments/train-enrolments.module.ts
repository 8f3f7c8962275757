import { TRAIN_ENROLMENT_APPROVAL_TYPE } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { registerApprovalType } from '../approvals/index.js';
import { registerClassAudience, registerSeatCounter } from '../train-classes/index.js';
import { admittedUserIds, seatsTakenOf } from './train-enrolments.service.js';
import { registerTrainEnrolmentsRoutes } from './train-enrolments.routes.js';
import { createTrainEnrolmentsService } from './train-enrolments.service.js';
import { createTrainEnrolmentsExcel } from './train-enrolments.excel.js';

export default defineModule({
  name: 'train-enrolments',
  async register(app, ctx) {
    const enrolments = createTrainEnrolmentsService({ app, db: ctx.db, lists: ctx.lists });
    await registerTrainEnrolmentsRoutes(app, enrolments, createTrainEnrolmentsExcel({ db: ctx.db, storage: ctx.storage, enrolments }));
    // A published class's changes and its cancellation are told to the people admitted to it.
    registerClassAudience(app, admittedUserIds);
    // The classes' lists and details show the seats taken.
    registerSeatCounter(app, seatsTakenOf);
    // Sign-ups to classes that need enrolment approval: the engine's outcome admits (a free seat needed) or refuses.
    registerApprovalType(app, TRAIN_ENROLMENT_APPROVAL_TYPE, {
      onState: (tx, e) => enrolments.onApprovalState(tx, e),
      mayRead: (tx, p, id) => enrolments.mayReadApproval(tx, p, id),
    });
  },
});
