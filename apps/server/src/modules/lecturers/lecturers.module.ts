import { defineModule } from '../../platform/context.js';
import { registerLecturersRoutes } from './lecturers.routes.js';
import { createLecturersService } from './lecturers.service.js';

export default defineModule({
  name: 'lecturers',
  register(app, ctx) {
    registerLecturersRoutes(app, createLecturersService({ db: ctx.db }));
  },
});
