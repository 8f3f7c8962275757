import { monitoringRoutes as routes, type ExamineeQuery, type MonitoredExamQuery } from '@hanlin/shared';
import { call } from '../../platform/api/call';

export const findMonitoredExams = (q: Partial<MonitoredExamQuery> & { page: number; size: number }) => call(routes.exams, q);
export const findExaminees = (q: Partial<ExamineeQuery> & { examId: number; page: number; size: number }) => call(routes.examinees, q);
export const getAttemptPhotos = (input: { attemptId: number }) => call(routes.photos, input);
