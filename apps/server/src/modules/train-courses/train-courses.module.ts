import { TRAIN_COURSE_UPLOAD_PURPOSE } from '@hanlin/shared';
import { defineModule } from '../../platform/context.js';
import { createFileSigner, registerFileReadRule } from '../uploads/index.js';
import { registerTrainCoursesRoutes } from './train-courses.routes.js';
import { createTrainCoursesService } from './train-courses.service.js';

export default defineModule({
  name: 'trainCourses',
  register(app, ctx) {
    const s = createTrainCoursesService({ app, db: ctx.db, lists: ctx.lists, signer: createFileSigner(ctx.db) });
    registerTrainCoursesRoutes(app, s);
    // Attachments are linked (refId) to their course when saved: the course managers in scope read them.
    registerFileReadRule(app, TRAIN_COURSE_UPLOAD_PURPOSE, (p, file) => file.refId !== null && s.mayReadAttachment(p, file.refId));
  },
});
