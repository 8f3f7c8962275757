import { defineModule } from '../../platform/context.js';
import { registerCourseReportsRoutes } from './course-reports.routes.js';
import { createCourseReportsService } from './course-reports.service.js';

export default defineModule({
  name: 'course-reports',
  register(app, ctx) {
    registerCourseReportsRoutes(app, createCourseReportsService({ db: ctx.db }));
  },
});
