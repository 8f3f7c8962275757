import { TRAIN_CLASS_APPROVAL_TYPE } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { registerApprovalType } from '../approvals/index.js';
import { registerBoardroomUse } from '../boardrooms/index.js';
import { registerTrainPlaceUse } from '../train-places/index.js';
import { registerCourseUse } from '../courses/index.js';
import { registerTrainCourseUse } from '../train-courses/index.js';
import { createFileSigner } from '../uploads/index.js';
import { registerTrainClassesRoutes } from './train-classes.routes.js';
import { createTrainClassNotices } from './train-classes.notices.js';
import { createTrainClassesService } from './train-classes.service.js';
import { registerTrainClassClock } from './train-classes.clock.js';
import { coursesUsedByClasses } from './train-classes.repository.js';

export default defineModule({
  name: 'train-classes',
  register(app, ctx) {
    const classes = createTrainClassesService({ app, db: ctx.db, lists: ctx.lists, signer: createFileSigner(ctx.db), jobs: ctx.jobs });
    registerTrainClassesRoutes(app, classes, createTrainClassNotices({ app, db: ctx.db }));
    registerTrainClassClock({ db: ctx.db, jobs: ctx.jobs, classes });
    registerApprovalType(app, TRAIN_CLASS_APPROVAL_TYPE, {
      // The class's state does not follow its application: publishing reads the approval's outcome.
      onState: async () => {},
      prepare: (tx, p, id) => classes.prepareApproval(tx, p, id),
      mayRead: (tx, p, id) => classes.mayReadApproval(tx, p, id),
    });
    // A room, site or course a class stage (or a mixed class) uses is not deleted.
    registerBoardroomUse(app, 'train-classes', { inUse: (db, ids) => classes.usedBy(db, 'boardroomId', ids) });
    registerTrainPlaceUse(app, 'train-classes', { inUse: (db, ids) => classes.usedBy(db, 'trainPlaceId', ids) });
    registerCourseUse(app, 'train-classes', { inUse: (db, ids) => coursesUsedByClasses(db, ids) });
    registerTrainCourseUse(app, 'train-classes', { inUse: (db, ids) => classes.usedBy(db, 'trainCourseId', ids) });
  },
});
