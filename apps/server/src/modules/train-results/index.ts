// Public surface of the train-results module: read-only table references and the attendance registry the lead wires.
export { trainResults, trainResultSheets, trainClassCharges, trainSurveys, trainSurveyResponses, trainClassExams } from './train-results.schema.js';
export { registerAttendanceSource, type AttendanceSource } from './train-results.attendance.js';
