// Public surface of the course-reports module: other modules import only from here.
export { durationText, localizedExport, exportText, personColumns, type ExportWords } from './course-reports.export.js';
