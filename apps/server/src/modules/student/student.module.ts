import { defineModule } from '../../platform/context.js';
import { registerStudentRoutes } from './student.routes.js';
import { createStudentService } from './student.service.js';

export default defineModule({
  name: 'student',
  register(app, ctx) {
    registerStudentRoutes(app, createStudentService({ db: ctx.db }));
  },
});
