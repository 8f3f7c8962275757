import { defineModule } from '../../platform/context.js';
import { registerCoursewareUse } from '../courseware/index.js';
import { registerCourseUse } from '../courses/index.js';
import { registerScormLaunchRule } from '../scorm/index.js';
import { createFileSigner } from '../uploads/index.js';
import { registerLearningRoutes } from './learning.routes.js';
import { createLearningService } from './learning.service.js';
import { learntCourseIds } from './learning.repository.js';

export default defineModule({
  name: 'learning',
  register(app, ctx) {
    const learning = createLearningService({ app, db: ctx.db, signer: createFileSigner(ctx.db) });
    registerLearningRoutes(app, learning);
    // A course somebody has learnt cannot be deleted (IN_USE_COURSE).
    registerCourseUse(app, 'learning', { inUse: learntCourseIds });
    // Learners read their courses' courseware files (the courses module answers what is in use).
    registerCoursewareUse(app, 'learning', { inUse: async () => [], mayRead: (p, coursewareId) => learning.mayReadCourseware(p, coursewareId) });
    // SCORM runs of a course (context `course:<id>`): its learners, for the packages of its courseware.
    registerScormLaunchRule(app, 'course', (p, pkg, context) => learning.mayLaunch(p, pkg.id, context.ref));
  },
});
