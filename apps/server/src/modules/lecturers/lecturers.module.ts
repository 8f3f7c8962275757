import { defineModule } from '../../platform/context.js';
import { registerLecturersRoutes } from './lecturers.routes.js';
import { registerLecturersExcelRoutes } from './lecturers.import.routes.js';
import { createLecturersService } from './lecturers.service.js';
import { createLecturersImportService } from './lecturers.import.js';

export default defineModule({
  name: 'lecturers',
  async register(app, ctx) {
    registerLecturersRoutes(app, createLecturersService({ db: ctx.db, lists: ctx.lists }));
    await registerLecturersExcelRoutes(app, createLecturersImportService({ db: ctx.db, storage: ctx.storage }));
  },
});
