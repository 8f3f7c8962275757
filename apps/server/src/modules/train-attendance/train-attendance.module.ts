import { defineModule } from '../../platform/context.js';
import { registerTrainAttendanceRoutes } from './train-attendance.routes.js';
import { createTrainAttendanceService } from './train-attendance.service.js';
import { createAttendanceExcel } from './train-attendance.excel.js';
import { attendanceOf } from './train-attendance.service.js';
import { registerAttendanceSource } from '../train-results/index.js';

export default defineModule({
  name: 'train-attendance',
  async register(app, ctx) {
    const service = createTrainAttendanceService({ db: ctx.db, lists: ctx.lists });
    await registerTrainAttendanceRoutes(app, service, createAttendanceExcel({ db: ctx.db, storage: ctx.storage, service }));
    // The results' performance page shows each class's attendance rate from these records.
    registerAttendanceSource(app, attendanceOf);
  },
});
