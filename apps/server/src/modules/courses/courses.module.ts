import { defineModule } from '../../platform/context.js';
import { createFileSigner } from '../uploads/index.js';
import { registerCoursewareUse } from '../courseware/index.js';
import { createCoursesService } from './courses.service.js';
import { registerCoursesRoutes } from './courses.routes.js';
import { coursewareInCourses } from './courses.repository.js';
import { courseUses } from './courses.usage.js';

export default defineModule({
  name: 'courses',
  register(app, ctx) {
    const courses = createCoursesService({ db: ctx.db, lists: ctx.lists, signer: createFileSigner(ctx.db), uses: courseUses(app) });
    registerCoursesRoutes(app, courses);
    // Courseware in a chapter cannot be deleted. Who may read it (the course's learners) is the learning module's rule.
    registerCoursewareUse(app, 'course', { inUse: (db, ids) => coursewareInCourses(db, ids) });
  },
});
