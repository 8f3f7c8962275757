import {
  courseReportRoutes as routes,
  type CourseInfoExport,
  type CourseInfoQuery,
  type CourseReportExport,
  type CourseReportQuery,
  type ExportLocale,
  type PersonReportExport,
  type PersonReportQuery,
  type StudyReportExport,
  type StudyReportQuery,
} from '@hanlin/shared';
import { call } from '../../platform/api/call';
import { exportLocale } from '../../platform/api/export-locale';

type Paged<Q> = Partial<Q> & { page: number; size: number };
type Filters<E> = Omit<E, keyof ExportLocale>;
const LONG = { timeout: 5 * 60_000 };

export const findStudyReport = (q: Paged<StudyReportQuery>) => call(routes.study, q);
export const exportStudyReport = (q: Filters<StudyReportExport>) => call(routes.exportStudy, { ...q, ...exportLocale() }, LONG);
export const findPersonReport = (q: Paged<PersonReportQuery> & { userId: number }) => call(routes.person, q);
export const exportPersonReport = (q: Filters<PersonReportExport>) => call(routes.exportPerson, { ...q, ...exportLocale() }, LONG);
export const findCourseReport = (q: Paged<CourseReportQuery>) => call(routes.course, q);
export const exportCourseReport = (q: Filters<CourseReportExport>) => call(routes.exportCourse, { ...q, ...exportLocale() }, LONG);
export const findCourseInfo = (q: Paged<CourseInfoQuery> & { courseId: number }) => call(routes.courseInfo, q);
export const exportCourseInfo = (q: Filters<CourseInfoExport>) => call(routes.exportCourseInfo, { ...q, ...exportLocale() }, LONG);
