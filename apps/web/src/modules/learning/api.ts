import { learningRoutes as routes, uploadRoutes, type Heartbeat, type MyCourseQuery, type StudentCourseQuery } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export type CourseQuery = Partial<StudentCourseQuery> & { page: number; size: number };

export const findStudentCourses = (q: CourseQuery) => call(routes.courseList, q);
export const getStudentCourseById = (input: { id: number }) => call(routes.courseGet, input);
export const startCourse = (input: { id: number }) => call(routes.start, input);
export const openItem = (input: { courseId: number; itemId: number }) => call(routes.open, input);
/** Heartbeats are silent: a failed beat is retried by the next one, no message pops up. */
export const sendHeartbeat = (input: Heartbeat) => call(routes.heartbeat, input, { silent: true });
export const syncItem = (input: { courseId: number; itemId: number }) => call(routes.sync, input, { silent: true });
export const answerChallenge = (input: { id: number }) => call(routes.answerChallenge, input);
export const findMyCourses = (q: Partial<MyCourseQuery> & { page: number; size: number }) => call(routes.my, q);
export const downloadCoursewareFile = (input: { fileId: string }) => call(uploadRoutes.read, { id: input.fileId });
