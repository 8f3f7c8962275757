// Public surface of the train-attendance module: other modules import only from here.
export { trainAttendanceRecords, trainAttendanceSheets } from './train-attendance.schema.js';
/** Per admitted trainee of a class: stages attended (present or late) of its stages (train-results reads it). */
export { attendanceOf } from './train-attendance.service.js';
