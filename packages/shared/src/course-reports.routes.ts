import { pageSchema } from './api.js';
import { FileAnswerSchema, defineRoute, writeRoute } from './contract.js';
import {
  CourseInfoExportSchema,
  CourseInfoQuerySchema,
  CourseInfoSchema,
  CourseReportExportSchema,
  CourseReportQuerySchema,
  CourseReportRowSchema,
  PersonReportExportSchema,
  PersonReportQuerySchema,
  PersonReportSchema,
  StudyReportExportSchema,
  StudyReportQuerySchema,
  StudyReportRowSchema,
} from './course-reports.js';

/**
 * Learning reports: per person (bbtj: `manage-study-report`, `person-report`) and per course
 * (kctj: `manage-course-report`, `course-info`). Only learners whose organization lies in the
 * caller's data scope are counted or shown.
 */
export const courseReportRoutes = {
  study: defineRoute({ method: 'POST', path: '/api/report/study', permission: ['bbtj'], body: StudyReportQuerySchema, response: pageSchema(StudyReportRowSchema) }),
  exportStudy: writeRoute('/api/report/study/export', ['bbtj:export'], 'report.study.export', { body: StudyReportExportSchema, response: FileAnswerSchema, kind: 'download' }),
  person: defineRoute({ method: 'POST', path: '/api/report/person', permission: ['bbtj'], body: PersonReportQuerySchema, response: PersonReportSchema }),
  exportPerson: writeRoute('/api/report/person/export', ['bbtj:export'], 'report.person.export', {
    body: PersonReportExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  course: defineRoute({ method: 'POST', path: '/api/report/course', permission: ['kctj'], body: CourseReportQuerySchema, response: pageSchema(CourseReportRowSchema) }),
  exportCourse: writeRoute('/api/report/course/export', ['kctj:export'], 'report.course.export', {
    body: CourseReportExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
  courseInfo: defineRoute({ method: 'POST', path: '/api/report/course-info', permission: ['kctj'], body: CourseInfoQuerySchema, response: CourseInfoSchema }),
  exportCourseInfo: writeRoute('/api/report/course-info/export', ['kctj:export'], 'report.course-info.export', {
    body: CourseInfoExportSchema,
    response: FileAnswerSchema,
    kind: 'download',
  }),
};
