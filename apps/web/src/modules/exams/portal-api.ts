import { examRoutes as routes, type MyExamQuery } from '@hanlin/shared';
import { call } from '../../platform/api/call';

/** The student's exams (a file of its own: the portal page pulls no back-office route). */
export const findMyExams = (q: Partial<MyExamQuery> & { page: number; size: number }) => call(routes.my, q);
